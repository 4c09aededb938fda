// `node bench/webhooks.bench.mjs` (decision 036): on PostgreSQL, respondents complete surveys at a
// fixed rate (BENCH_WEBHOOK_RATE, 500 a second, for BENCH_SECONDS, 20 s by default) in a
// workspace whose webhook receives survey.completed; a local receiver counts the deliveries, checks
// each arrives once, and times each from its event's timestamp (the completion) to its arrival.
// Aim: 500 events/s or more, p99 event-to-delivery under 2 s. Needs a built server (`npm run build`).

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { connections, signUpStaff, startBenchServer } from './lib.mjs';

const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const surveyCount = rate * seconds + 1000;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Keeps each delivery's arrival; answers at once. */
async function startReceiver() {
  const arrivals = new Map();
  const received = { requests: 0, repeats: 0, first: 0, last: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      received.requests += 1;
      received.last = now;
      received.first ||= now;
      const id = request.headers['webhook-id'];
      if (arrivals.has(id)) received.repeats += 1;
      else arrivals.set(id, now - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).timestamp));
      response.end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, arrivals, received, server };
}

const receiver = await startReceiver();
const bench = await startBenchServer({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
try {
  const { base } = bench;
  const { call, xsrf, xsrfHeader } = await signUpStaff(base);
  const npsId = randomUUID();
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: 'Webhook bench' });
  const versionId = template.surveyTemplateVersionId;
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello',
      properties: [],
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
      ],
    },
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  for (let start = 0; start < surveyCount; start += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, surveyCount - start) }, (_, index) => ({
      emailAddress: `respondent.${start + index}@bench.test`,
    }));
    await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
  }
  // The webhook comes after the sends: only completions are measured.
  await call('POST', '/api/webhooks', { url: receiver.url, events: ['survey.completed'] });

  const db = new pg.Client({ connectionString: bench.databaseUrl });
  await db.connect();
  const ids = (await db.query('select id from surveys')).rows.map((row) => row.id);
  let next = 0;
  const started = Date.now();
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        overallRate: rate,
        headers: { cookie: xsrf, ...xsrfHeader, 'content-type': 'application/json' },
        requests: [
          {
            method: 'PATCH',
            setupRequest: (request) => ({
              ...request,
              path: `/api/surveys/${ids[next++ % ids.length]}?markAsComplete=true`,
              body: JSON.stringify({ surveyResponses: { [npsId]: next % 11 } }),
            }),
          },
        ],
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    ),
  );
  const completed = result['2xx'];
  const deadline = Date.now() + 60_000;
  while (receiver.arrivals.size < completed && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const latencies = [...receiver.arrivals.values()];
  const deliverySeconds = (receiver.received.last - receiver.received.first) / 1000;
  const events = (
    await db.query("select count(*)::int as count from webhook_events where type = 'survey.completed'")
  ).rows[0].count;
  await db.end();
  console.log(
    `\nwebhooks: ${rate} completions/s asked for ${seconds} s, ${connections} connections, server on PostgreSQL`,
  );
  console.log(
    `completing PATCH: ${completed} answered 2xx (${result.non2xx} other) in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(
    `deliveries: ${receiver.arrivals.size} of ${events} events received once (${receiver.received.repeats} repeats) in ${deliverySeconds.toFixed(1)} s: ` +
      `${(receiver.arrivals.size / deliverySeconds).toFixed(0)} events/s (aim: 500 or more)`,
  );
  console.log(
    `event to delivery: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${percentile(latencies, 100)} ms (aim: p99 under 2,000 ms)`,
  );
} finally {
  await bench.stop();
  receiver.server.closeAllConnections();
  receiver.server.close();
}
