// `node bench/session-window.mjs` (after `npm run build`; PostgreSQL as in bench/lib.mjs): two
// server processes on one database; a session is read on process A (so A caches it), signed out on
// process B, and used again on A at once. Counts how often A still accepted it: the time a change
// notification takes to reach the other process (decision 014).
import { startBenchServer } from './lib.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 1000);
// One installation: both processes sign cookies and anti-forgery tokens with the same secret.
const secret = `session-window-${Date.now()}-padding-padding-padding`;
const first = await startBenchServer({
  env: { WORKER: 'off', AUTH_RATE_LIMIT: '100000', SESSION_SECRET: secret },
});
const second = await startBenchServer({
  env: { WORKER: 'off', AUTH_RATE_LIMIT: '100000', SESSION_SECRET: secret, DATABASE_URL: first.databaseUrl },
});
const setCookies = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);

try {
  const health = await fetch(`${first.base}/api/health`);
  const xsrf = setCookies(health).find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  const headers = { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.split('=')[1] };
  const account = { emailAddress: `window.${Date.now()}@example.com`, password: 'Str0ng!pass' };
  const signUp = await fetch(`${first.base}/api/accounts/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      firstName: 'Win',
      lastName: 'Dow',
      businessName: 'Window',
      termsAgreement: true,
      ...account,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status}`);
  let accepted = 0;
  for (let round = 0; round < rounds; round += 1) {
    const login = await fetch(`${second.base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = [xsrf, ...setCookies(login)].join('; ');
    const asUser = { ...headers, cookie };
    const warm = await fetch(`${first.base}/api/accounts/startup`, { headers: asUser });
    if (warm.status !== 200) throw new Error(`startup: ${warm.status}`);
    await warm.arrayBuffer();
    const logout = await fetch(`${second.base}/api/auth/logout`, {
      method: 'POST',
      headers: asUser,
      body: '{}',
    });
    if (logout.status >= 300) throw new Error(`logout: ${logout.status} ${await logout.text()}`);
    await logout.arrayBuffer();
    const after = await fetch(`${first.base}/api/accounts/startup`, { headers: asUser });
    await after.arrayBuffer();
    if (after.status === 200) accepted += 1;
  }
  console.log(`signed-out sessions still accepted on the other process: ${accepted} of ${rounds}`);
} finally {
  await second.stop().catch(() => {});
  await first.stop();
}
