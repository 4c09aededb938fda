// Decision 024: surveys created through a public link (`POST /api/s/{slug}/surveys`, a
// new survey on each request: no browser cookie) at 50 connections, beside the plain Fastify route
// and the respondent PATCH in the same run. Aim: at least the PATCH rate, p99 under 30 ms.
// The link has a maximum of completed responses (each start counts them, up to it);
// BENCH_LINK_MAXIMUM=none measures a link without one.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  aim,
  connections,
  duration,
  npsAndText,
  publishTemplate,
  run,
  signUpStaff,
  startBenchServer,
  startPlainServer,
} from './lib.mjs';

const maximum =
  process.env.BENCH_LINK_MAXIMUM === 'none' ? null : Number(process.env.BENCH_LINK_MAXIMUM ?? 1_000_000);

// One address sends everything here: the per-address limit (PUBLIC_LINK_RATE_LIMIT) is lifted.
const bench = await startBenchServer({ env: { PUBLIC_LINK_RATE_LIMIT: '100000000' } });
let plain;
try {
  const { base } = bench;
  const { call, xsrf, xsrfHeader } = await signUpStaff(base);
  const { npsId, textId, questions } = npsAndText();
  const template = await publishTemplate(call, 'Bench link survey', {
    properties: [
      { id: randomUUID(), type: 'Text', label: 'Plan', hiddenField: true },
      { id: randomUUID(), type: 'Number', label: 'Store', hiddenField: true },
    ],
    questions,
  });
  const slug = `bench-${Date.now().toString(36)}`;
  await call('POST', '/api/public-links', {
    surveyTemplateId: template.templateId,
    name: 'Bench link',
    slug,
    maxCompletedResponses: maximum,
  });

  plain = await startPlainServer();
  const headers = { cookie: xsrf, ...xsrfHeader, 'content-type': 'application/json' };
  const startOptions = {
    url: base,
    headers,
    requests: [
      {
        method: 'POST',
        path: `/api/s/${slug}/surveys`,
        body: JSON.stringify({ parameters: { plan: 'pro', store: '12', utm_source: 'bench' }, website: '' }),
      },
    ],
  };

  await run('warm-up', { ...startOptions, duration: 2 });
  await run('warm-up', { url: plain.url, duration: 2 });
  // The PATCH runs on surveys the link created (the warm-up's), spread as real respondents are.
  const benchDb = new pg.Client({ connectionString: bench.databaseUrl });
  await benchDb.connect();
  const ids = (await benchDb.query('select id from surveys')).rows.map((row) => row.id);
  let next = 0;
  const nextSurvey = () => {
    next = (next + 1) % ids.length;
    return ids[next];
  };
  const patchOptions = {
    url: base,
    headers,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (request) => ({
          ...request,
          path: `/api/surveys/${nextSurvey()}`,
          body: JSON.stringify({
            surveyResponses: { [npsId]: Math.floor(Math.random() * 11), [textId]: 'Ada' },
          }),
        }),
      },
    ],
  };
  await run('warm-up', { ...patchOptions, duration: 2 });

  const plainResult = await run('plain Fastify route', { url: plain.url });
  const patchResult = await run('PATCH /api/surveys/{id} (two answers)', patchOptions);
  const before = Number((await benchDb.query('select count(*) from surveys')).rows[0].count);
  const startResult = await run('POST /api/s/{slug}/surveys (a new survey each)', startOptions);
  const after = Number((await benchDb.query('select count(*) from surveys')).rows[0].count);
  await benchDb.end();
  // Requests still in flight when autocannon stops are answered after its count: a few more rows.
  if (after - before < startResult.total) {
    throw new Error(`${startResult.total} starts answered but ${after - before} surveys created`);
  }

  const ratio = (result) => result.requestsPerSecond / plainResult.requestsPerSecond;
  console.log(`\n${connections} connections, ${duration} s each, server on PostgreSQL\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | ratio to plain |');
  console.log('|---|---|---|---|---|');
  for (const result of [plainResult, patchResult, startResult]) {
    console.log(
      `| ${result.title} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${(ratio(result) * 100).toFixed(1)}% |`,
    );
  }
  console.log(
    `\nlink start / PATCH: ${((startResult.requestsPerSecond / patchResult.requestsPerSecond) * 100).toFixed(0)}% ` +
      `(aim: ${aim('link start / PATCH', '100% or more', startResult.requestsPerSecond >= patchResult.requestsPerSecond)}), ` +
      `p99 ${startResult.p99} ms (aim: ${aim('link start p99', 'under 30 ms', startResult.p99 < 30)}); ${startResult.total} surveys created` +
      ` (link maximum: ${maximum ?? 'none'})`,
  );
} finally {
  await new Promise((resolve) => setTimeout(resolve, 500));
  plain?.stop();
  await bench.stop();
}
