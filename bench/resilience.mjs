// `node bench/resilience.mjs` (after `npm run build`): the faults of decision 014, against the
// real parts. It creates its own PostgreSQL cluster (pg_createcluster, on a free port), its own
// redis-server and a counting SMTP server, starts two web processes (WORKER=off) and one worker,
// then restarts, stops and cuts those dependencies under load and prints what users met: failed
// requests, seconds to recover, acknowledged writes lost, messages lost or doubled. Then it kills
// the embedded database's process under load. Nothing it does touches the machine's main
// PostgreSQL or Redis. Needs root (pg_createcluster). `--short` is the version CI runs (outages
// of seconds, not minutes). It exits with 1 when a guarantee did not hold: a process ended, an
// acknowledged write or a message was lost or doubled, a request answered 500, or a signed-out
// session was accepted.
import { rmSync } from 'node:fs';
import pg from 'pg';
import {
  lostWrites,
  respondentLoad,
  secondsToServe,
  sender,
  sleep,
  startCluster,
  startMailServer,
  startProcess,
  startRedis,
  textTemplate,
} from './fleet.mjs';
import { freePort, signUpStaff, waitFor } from './lib.mjs';

const clusterName = `graphium_resilience_${process.pid}`;
const results = [];
const isShort = process.argv.includes('--short');
const scale = isShort
  ? { outageSeconds: 5, mailOutageSeconds: 15, mailSurveys: 10, sessionRounds: 20, loadSeconds: 3 }
  : { outageSeconds: 60, mailOutageSeconds: 600, mailSurveys: 100, sessionRounds: 200, loadSeconds: 8 };
/** Guarantees that did not hold; any makes the run fail. */
const problems = [];

// ---- the run ---------------------------------------------------------------------------------

const { databaseUrl, pgctl, drop: dropCluster } = await startCluster(clusterName, await freePort());
const redisPort = await freePort();
let redis = await startRedis(redisPort);
const mail = await startMailServer(await freePort());
const ports = [await freePort(), await freePort()];
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  SMTP_URL: mail.url,
  DATA_DIR: `/tmp/${clusterName}`,
  AUTH_RATE_LIMIT: '100000',
  // The respondents name their own addresses, as a balancer on this machine would.
  TRUST_PROXY: 'loopback',
};
const processes = [];
const alive = () => processes.filter((child) => !child.exited).length;

function record(row, problem) {
  results.push([...row, `${alive()} of ${processes.length} processes up`]);
  if (problem) problems.push(`${row[0]}: ${problem}`);
}

try {
  for (const port of ports)
    processes.push(startProcess('main', { ...env, PORT: String(port), WORKER: 'off' }));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all(bases.map((base) => waitFor(`${base}/api/health`)));
  processes.push(startProcess('worker', env));

  const { call, xsrf, xsrfHeader } = await signUpStaff(bases[0]);
  const { textId, versionId } = await textTemplate(call);
  const sendSurveys = sender(call, versionId);
  await sendSurveys(60, 'respondent');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const surveyIds = (await client.query('select id from surveys')).rows.map((row) => row.id);
  await client.end();
  const headers = { 'content-type': 'application/json', cookie: xsrf, ...xsrfHeader };

  const databaseFault = async (name, fault) => {
    const load = respondentLoad({ bases, surveyIds, textId, headers });
    await sleep(3000);
    await fault();
    const back = Date.now();
    const recovered = await secondsToServe(bases, back);
    await sleep(3000);
    await load.stop();
    const lost = await lostWrites(databaseUrl, load.acknowledged, textId);
    const { ok, unavailable, other, network, statuses } = load.counts;
    if (other > 0) console.log(name, 'other statuses', statuses);
    const problem =
      (alive() < processes.length && 'a process ended') ||
      (lost > 0 && `${lost} acknowledged writes lost`) ||
      (other > 0 && `${other} answers other than 200 and 503`) ||
      (recovered > 5 && `served again only after ${recovered.toFixed(1)} s`);
    record(
      [
        name,
        `${ok} saved, ${unavailable} answered 503, ${other} other errors, ${network} cut in flight`,
        `${recovered.toFixed(1)} s`,
        `${lost} lost`,
      ],
      problem,
    );
  };
  const terminate = async (condition) => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'graphium' and pid <> pg_backend_pid() and ${condition}`,
    );
    await admin.end();
    return rowCount;
  };

  await databaseFault('PostgreSQL restart, fast shutdown', async () => pgctl('restart', '-m', 'fast'));
  if (!isShort) {
    await databaseFault('PostgreSQL restart, immediate shutdown', async () =>
      pgctl('restart', '-m', 'immediate'),
    );
  }
  await databaseFault(`PostgreSQL down for ${scale.outageSeconds} s`, async () => {
    pgctl('stop', '-m', 'immediate');
    await sleep(scale.outageSeconds * 1000);
    pgctl('start');
  });
  await databaseFault('pg_terminate_backend of every connection', () => terminate('true'));
  await databaseFault('pg_terminate_backend of the listening connections alone', () =>
    terminate("query ilike 'listen%'"),
  );

  // Three web processes and two workers started at the same moment on an empty database.
  {
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/graphium$/, '/postgres') });
    await admin.connect();
    await admin.query('create database graphium_together');
    await admin.end();
    const togetherEnv = { ...env, DATABASE_URL: databaseUrl.replace(/\/graphium$/, '/graphium_together') };
    const togetherPorts = [await freePort(), await freePort(), await freePort()];
    const started = Date.now();
    const together = [
      ...togetherPorts.map((port) =>
        startProcess('main', { ...togetherEnv, PORT: String(port), WORKER: 'off' }),
      ),
      startProcess('worker', togetherEnv),
      startProcess('worker', togetherEnv),
    ];
    const serving = await secondsToServe(
      togetherPorts.map((port) => `http://127.0.0.1:${port}`),
      started,
    );
    await sleep(3000);
    const up = together.filter((child) => !child.exited).length;
    for (const child of together) child.kill('SIGTERM');
    record(
      [
        '3 web processes and 2 workers started together on an empty database',
        `${up} of 5 started`,
        `${serving.toFixed(1)} s`,
        '—',
      ],
      up < 5 && `${5 - up} processes did not start`,
    );
  }

  // A session signed out on one process while the other's listening connection is cut: the
  // other must not accept it.
  const account = { emailAddress: `window.${Date.now()}@example.com`, password: 'Str0ng!pass' };
  await fetch(`${bases[0]}/api/accounts/`, {
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
  let accepted = 0;
  for (let round = 0; round < scale.sessionRounds; round += 1) {
    // The listening connections of the last round are back (they reconnect after 250 ms).
    await sleep(400);
    const login = await fetch(`${bases[1]}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const session = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .find((cookie) => !cookie.startsWith('XSRF-TOKEN='));
    const signedIn = { ...headers, cookie: `${xsrf}; ${session}` };
    const warm = await fetch(`${bases[0]}/api/accounts/startup`, { headers: signedIn }); // A caches it
    if (warm.status !== 200) throw new Error(`startup: ${warm.status}`);
    await terminate("query ilike 'listen%'");
    const logout = await fetch(`${bases[1]}/api/auth/logout`, {
      method: 'POST',
      headers: signedIn,
      body: '{}',
    });
    if (logout.status >= 300) throw new Error(`logout: ${logout.status} ${await logout.text()}`);
    const after = await fetch(`${bases[0]}/api/accounts/startup`, { headers: signedIn });
    if (after.status === 200) accepted += 1;
  }
  record(
    [
      `signed out on B while A's listening connection is cut (${scale.sessionRounds} rounds)`,
      `${accepted} accepted on A afterwards`,
      '—',
      '—',
    ],
    accepted > 0 && `${accepted} signed-out sessions accepted`,
  );

  // Redis away: sign-in attempts (wrong password) must answer 401 (or 429 once this process's own
  // failure counters slow them: decision 018), never 500.
  redis.kill('SIGKILL');
  await sleep(1000);
  const statuses = [];
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${bases[attempt % 2]}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ emailAddress: 'nobody@example.com', password: 'Wr0ng!pass' }),
    });
    statuses.push(response.status);
  }
  const health = await (await fetch(`${bases[0]}/api/health`)).json();
  redis = await startRedis(redisPort);
  const redisBack = Date.now();
  for (;;) {
    const body = await (await fetch(`${bases[1]}/api/health`)).json();
    if (body.rateLimits === 'shared' || Date.now() - redisBack > 30_000) break;
    await sleep(100);
  }
  const count = (code) => statuses.filter((status) => status === code).length;
  record(
    [
      'Redis killed, 40 sign-in attempts',
      `${count(401)} answered 401, ${count(429)} 429, ${count(500)} 500; health ${health.status}`,
      `${((Date.now() - redisBack) / 1000).toFixed(1)} s to shared counters`,
      '—',
    ],
    (count(401) + count(429) < 40 && 'sign-in answered something other than 401 or 429') ||
      (alive() < processes.length && 'a process ended'),
  );

  // The mail server away while surveys are sent.
  const { mailOutageSeconds, mailSurveys } = scale;
  await mail.down();
  await sendSurveys(mailSurveys, 'outage');
  await sleep(mailOutageSeconds * 1000);
  await mail.up();
  const back = Date.now();
  // The next attempt comes at the next backoff step: at most 15 minutes after the last.
  const deadline = back + 16 * 60_000;
  const outage = () => mail.received.filter((address) => address.startsWith('outage.'));
  while (new Set(outage()).size < mailSurveys && Date.now() < deadline) await sleep(500);
  await sleep(2000);
  const arrived = new Set(outage()).size;
  const twice = outage().length - arrived;
  record(
    [
      `mail server down ${mailOutageSeconds} s while ${mailSurveys} surveys are sent`,
      `${arrived} of ${mailSurveys} arrived, ${twice} twice`,
      `${((Date.now() - back) / 1000).toFixed(0)} s after it came back`,
      `${mailSurveys - arrived} lost`,
    ],
    (arrived < mailSurveys && `${mailSurveys - arrived} messages lost`) ||
      (twice > 0 && `${twice} messages doubled`),
  );
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await sleep(1500);
  redis.kill('SIGKILL');
  await mail.down().catch(() => {});
  dropCluster();
}

// ---- the embedded database: kill -9 under load ------------------------------------------------

const embeddedDir = `/tmp/${clusterName}-embedded`;
rmSync(embeddedDir, { recursive: true, force: true });
processes.length = 0;
const embeddedPort = await freePort();
const embeddedEnv = {
  PORT: String(embeddedPort),
  DATA_DIR: embeddedDir,
  AUTH_RATE_LIMIT: '100000',
  TRUST_PROXY: 'loopback',
};
try {
  const base = `http://127.0.0.1:${embeddedPort}`;
  processes.push(startProcess('main', embeddedEnv));
  // A fresh data directory: the first start runs every migration on the embedded engine.
  await waitFor(`${base}/api/health`, 90_000);
  const { call, xsrf, xsrfHeader } = await signUpStaff(base);
  const { textId, versionId, templateId } = await textTemplate(call);
  await sender(call, versionId)(40, 'embedded');
  const list = await call('GET', `/api/surveys?surveyTemplateId=${templateId}&page=1&limit=100`);
  const surveyIds = list.surveys.map((survey) => survey.surveyId);
  const headers = { 'content-type': 'application/json', cookie: xsrf, ...xsrfHeader };
  const load = respondentLoad({ bases: [base], surveyIds, textId, headers });
  await sleep(scale.loadSeconds * 1000);
  processes[0].kill('SIGKILL');
  await load.stop();
  const killedAt = Date.now();
  processes[0] = startProcess('main', embeddedEnv);
  await waitFor(`${base}/api/health`);
  const restarted = (Date.now() - killedAt) / 1000;
  let lost = 0;
  for (const [surveyId, sequence] of load.acknowledged) {
    const stored = (await call('GET', `/api/surveys/${surveyId}/response`)).surveyResponses[textId];
    if (Number(String(stored ?? '0:0').split(':')[1]) < sequence) lost += 1;
  }
  const { ok, other, network } = load.counts;
  record(
    [
      'embedded database: kill -9 of the server under load',
      `${ok} saved, ${other} other errors, ${network} cut in flight`,
      `${restarted.toFixed(1)} s to restart`,
      `${lost} lost`,
    ],
    (lost > 0 && `${lost} acknowledged writes lost`) || (other > 0 && `${other} answers other than 200`),
  );
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await sleep(1500);
  rmSync(embeddedDir, { recursive: true, force: true });
}

console.log('\n| fault | requests or messages | recovered | acknowledged writes | processes |');
console.log('|---|---|---|---|---|');
for (const row of results) console.log(`| ${row.join(' | ')} |`);
for (const problem of problems) console.log(`NOT HELD: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
