// `npm run bench` (docs/decisions/037-public-api-v1.md): what the /api/v1 twin adds to a route.
// The same key reads the same 30 templates through the unversioned route and its v1 twin (per-key
// rate limit, scope check, cursor paging), in the same run, and a retried POST is answered from
// its Idempotency-Key. Prints the twin's rate as a share of the unversioned route's.
import { run, signUpStaff, startBenchServer } from './lib.mjs';

const server = await startBenchServer({ env: { API_RATE_LIMIT: '1000000000', WORKER: 'off' } });
try {
  const { call } = await signUpStaff(server.base);
  const { apiKey } = await call('POST', '/api/customers/api-keys', {
    apiKeyName: 'Bench',
    scope: 'read-write',
  });
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  for (let index = 0; index < 30; index += 1) {
    const created = await fetch(`${server.base}/api/v1/survey-templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ surveyTemplateName: `Bench template ${index}` }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  }
  const replayBody = JSON.stringify({ surveyTemplateName: 'Replayed' });
  const replayHeaders = { ...headers, 'idempotency-key': 'bench-replay' };
  await fetch(`${server.base}/api/v1/survey-templates`, {
    method: 'POST',
    headers: replayHeaders,
    body: replayBody,
  });

  const warm = { duration: 2 };
  await run('warm-up', { ...warm, url: `${server.base}/api/survey-templates/`, headers });
  const unversioned = await run('GET /api/survey-templates/ (key)', {
    url: `${server.base}/api/survey-templates/`,
    headers,
  });
  await run('warm-up', { ...warm, url: `${server.base}/api/v1/survey-templates?limit=100`, headers });
  const twin = await run('GET /api/v1/survey-templates?limit=100', {
    url: `${server.base}/api/v1/survey-templates?limit=100`,
    headers,
  });
  const replay = await run('POST /api/v1/survey-templates, replayed Idempotency-Key', {
    url: `${server.base}/api/v1/survey-templates`,
    method: 'POST',
    headers: replayHeaders,
    body: replayBody,
  });
  for (const result of [unversioned, twin, replay]) {
    console.log(
      `${result.title}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
  }
  console.log(
    `v1 twin / unversioned route: ${((100 * twin.requestsPerSecond) / unversioned.requestsPerSecond).toFixed(1)}%`,
  );
} finally {
  await server.stop();
}
