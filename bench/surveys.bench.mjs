// `npm run bench` (decision 005): on PostgreSQL, the respondent calls at 50 connections next to a plain
// Fastify route (PATCH /api/surveys/{id} saving two answers, GET /api/surveys/{id}), and a bulk
// send of 10,000 rows: seconds until all are queued, then messages per second delivered to a
// local SMTP server.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  aim,
  connections,
  duration,
  respondentAim,
  respondentAims,
  run,
  signUpStaff,
  startBenchServer,
  startCountingSmtp,
  startPlainServer,
} from './lib.mjs';

const bulkRows = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
/** BENCH_LOGIC=1: the template carries survey logic (decision 023), so saves follow the path. */
const withLogic = process.env.BENCH_LOGIC === '1';
const showIf = (questionId, operator, value) =>
  withLogic ? { logic: { showIf: { join: 'and', conditions: [{ questionId, operator, value }] } } } : {};

const smtp = await startCountingSmtp();
const bench = await startBenchServer({ env: { SMTP_URL: smtp.url } });
let plain;
try {
  const { base } = bench;
  const { call, xsrf, xsrfHeader } = await signUpStaff(base);

  // A published template with one question of each type and a property used in the opening text.
  const npsId = randomUUID();
  const textId = randomUUID();
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: 'Bench survey' });
  const versionId = template.surveyTemplateVersionId;
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello [First name], thank you for your visit.',
      properties: [{ id: randomUUID(), type: 'Text', label: 'First name', validation: { required: true } }],
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
        { id: randomUUID(), type: 'StarRatingScale', question: 'Rate your visit', label: 'Stars' },
        {
          id: randomUUID(),
          type: 'NumericScale',
          question: 'How easy?',
          label: 'Ease',
          startNumber: 1,
          endNumber: 7,
        },
        {
          id: randomUUID(),
          type: 'MultipleChoice',
          question: 'What did you buy?',
          label: 'Bought',
          answerOptions: ['Tyres', 'Oil', 'Brakes'],
          multiSelect: true,
        },
        {
          id: randomUUID(),
          type: 'DropdownList',
          question: 'Which store?',
          label: 'Store',
          answerOptions: ['North', 'South'],
        },
        {
          id: textId,
          type: 'ShortTextEntry',
          question: 'Your name?',
          label: 'Name',
          ...showIf(npsId, 'IS_NOT_EMPTY', ''),
        },
        {
          id: randomUUID(),
          type: 'LongTextEntry',
          question: 'Anything else?',
          label: 'Comments',
          ...showIf(npsId, 'LESS_THAN', 7),
        },
      ],
    },
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });

  // Bulk send: every row queued (surveys and outbox written), then delivered by the worker.
  const rows = Array.from({ length: bulkRows }, (_, index) => ({
    emailAddress: `respondent.${index}@bench.test`,
    properties: { 'First name': `Person ${index}` },
  }));
  const bulkStart = Date.now();
  const bulk = await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
  const queuedSeconds = (Date.now() - bulkStart) / 1000;
  if (bulk.created !== bulkRows) throw new Error(`bulk send created ${bulk.created} of ${bulkRows}`);
  const deliveryDeadline = Date.now() + 300_000;
  while (smtp.received.count < bulkRows && Date.now() < deliveryDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const deliveredSeconds = (smtp.received.last - bulkStart) / 1000;
  const deliveryRate = smtp.received.count / deliveredSeconds;

  const benchDb = new pg.Client({ connectionString: bench.databaseUrl });
  await benchDb.connect();
  const ids = (await benchDb.query('select id from surveys')).rows.map((row) => row.id);
  await benchDb.end();
  // Spread over thousands of surveys, as real respondents are (and under the per-survey limit).
  let next = 0;
  const nextSurvey = () => {
    next = (next + 1) % ids.length;
    return ids[next];
  };

  plain = await startPlainServer();

  const respondentHeaders = { cookie: xsrf, ...xsrfHeader, 'content-type': 'application/json' };
  const patchOptions = {
    url: base,
    headers: respondentHeaders,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (request) => ({
          ...request,
          path: `/api/surveys/${nextSurvey()}`,
          body: JSON.stringify({
            surveyResponses: { [npsId]: Math.floor(Math.random() * 11), [textId]: 'Ada Lovelace' },
          }),
        }),
      },
    ],
  };
  const getOptions = {
    url: base,
    headers: { cookie: xsrf },
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/surveys/${nextSurvey()}` }) },
    ],
  };

  // Warm up so that nothing pays for JIT compilation in the measurement.
  await run('warm-up', { ...patchOptions, duration: 2 });
  await run('warm-up', { ...getOptions, duration: 2 });
  await run('warm-up', { url: plain.url, duration: 2 });

  const plainResult = await run('plain Fastify route', { url: plain.url });
  const patchResult = await run('PATCH /api/surveys/{id} (two answers)', patchOptions);
  const getResult = await run('GET /api/surveys/{id}', getOptions);

  const ratio = (result) => result.requestsPerSecond / plainResult.requestsPerSecond;
  console.log(
    `\n${connections} connections, ${duration} s each, server on PostgreSQL${withLogic ? ', template with survey logic' : ''}\n`,
  );
  console.log('| route | requests/s | p50 ms | p99 ms | ratio to plain |');
  console.log('|---|---|---|---|---|');
  for (const result of [plainResult, patchResult, getResult]) {
    console.log(
      `| ${result.title} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${(ratio(result) * 100).toFixed(1)}% |`,
    );
  }
  console.log(
    `\nPATCH / plain: ${(ratio(patchResult) * 100).toFixed(1)}% (aim: ${respondentAim('PATCH / plain', respondentAims.save, patchResult, plainResult)})`,
  );
  console.log(
    `GET / plain: ${(ratio(getResult) * 100).toFixed(1)}% (aim: ${respondentAim('GET / plain', respondentAims.get, getResult, plainResult)})`,
  );
  console.log(
    `\nbulk send of ${bulkRows.toLocaleString('en-US')} rows: queued in ${queuedSeconds.toFixed(2)} s (aim: ${aim('bulk send queued', 'under 10 s', queuedSeconds < 10)}); ` +
      `${smtp.received.count.toLocaleString('en-US')} delivered to a local SMTP server in ${deliveredSeconds.toFixed(1)} s ` +
      `from the send: ${deliveryRate.toFixed(0)} messages/s (aim: ${aim('bulk send delivered', '200 messages/s or more', deliveryRate >= 200)})`,
  );
} finally {
  // Let the last answers of the load generator arrive before the server stops.
  await new Promise((resolve) => setTimeout(resolve, 500));
  plain?.stop();
  await bench.stop();
  smtp.server.close();
}
