// `node bench/webhooks.bench.mjs` (decision 036): on PostgreSQL, with a local receiver that counts
// each delivery once, checks its id never repeats and times it from its event's timestamp to its
// arrival. Two sources of events, each asked for BENCH_WEBHOOK_RATE (500) events a second for
// BENCH_SECONDS (10): (1) respondents completing surveys (the respondent PATCH), first with no
// webhook, then with one on survey.completed: the completion's cost, as a same-run ratio; (2) bulk
// sends of 50 surveys every 100 ms with a webhook on survey.sent. Aim: 500 events/s or more, p99
// event-to-delivery under 2 s. Needs a built server (`npm run build`).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { connections, signUpStaff, startBenchServer } from './lib.mjs';

const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Keeps each delivery's arrival (ms after its event) by webhook-id; answers at once. */
async function startReceiver() {
  const receiver = { arrivals: new Map(), repeats: 0, first: 0, last: 0 };
  receiver.server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      const id = request.headers['webhook-id'];
      if (receiver.arrivals.has(id)) receiver.repeats += 1;
      else {
        receiver.arrivals.set(
          id,
          now - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).timestamp),
        );
        receiver.last = now;
        receiver.first ||= now;
      }
      response.end('ok');
    });
  });
  await new Promise((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${receiver.server.address().port}/hook`;
  receiver.reset = () => {
    receiver.arrivals.clear();
    receiver.repeats = 0;
    receiver.first = 0;
    receiver.last = 0;
  };
  return receiver;
}

/** Waits (a minute at most) until every event written so far has arrived. */
async function waitForDeliveries(receiver, countEvents) {
  const deadline = Date.now() + 60_000;
  while (receiver.arrivals.size < (await countEvents()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function report(title, receiver, events) {
  const latencies = [...receiver.arrivals.values()];
  const spanSeconds = Math.max(0.001, (receiver.last - receiver.first) / 1000);
  console.log(
    `${title}: ${receiver.arrivals.size} of ${events} events delivered, ${receiver.repeats} repeats, ` +
      `${(receiver.arrivals.size / spanSeconds).toFixed(0)} events/s; event to delivery p50 ${percentile(latencies, 50)} ms, ` +
      `p99 ${percentile(latencies, 99)} ms, max ${percentile(latencies, 100)} ms (aim: 500 events/s, p99 under 2,000 ms)`,
  );
}

const receiver = await startReceiver();
const bench = await startBenchServer({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
const db = new pg.Client({ connectionString: bench.databaseUrl });
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
  const surveyCount = 2 * rate * seconds + 2000;
  for (let start = 0; start < surveyCount; start += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, surveyCount - start) }, (_, index) => ({
      emailAddress: `respondent.${start + index}@bench.test`,
    }));
    await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
  }
  await db.connect();
  // No SMTP here: the invitations are marked sent so that no delivery job works on them meanwhile.
  await db.query("update outbox_messages set status = 'sent'");
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const ids = (await db.query('select id from surveys')).rows.map((row) => row.id);
  let next = 0;
  const complete = () =>
    new Promise((resolve, reject) =>
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
  const line = (title, result) =>
    `${title}: ${result['2xx']} completed (${result.non2xx} other), ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;

  console.log(
    `\n${rate} events/s asked for ${seconds} s each, ${connections} connections, server on PostgreSQL`,
  );
  const without = await complete();
  console.log(line('completing PATCH, no webhook', without));
  // BENCH_COMPLETIONS_ONLY=1: only this line, to compare builds (one without webhooks at all).
  if (process.env.BENCH_COMPLETIONS_ONLY !== '1') {
    const completed = await call('POST', '/api/webhooks', {
      url: receiver.url,
      events: ['survey.completed'],
    });
    const withHook = await complete();
    console.log(line('completing PATCH, webhook on survey.completed', withHook));
    console.log(
      `completions with a webhook / without: ${((withHook.requests.average / without.requests.average) * 100).toFixed(0)}%`,
    );
    const completedEvents = async () =>
      (await db.query("select count(*)::int as count from webhook_events where type = 'survey.completed'"))
        .rows[0].count;
    await waitForDeliveries(receiver, completedEvents);
    report('survey.completed', receiver, await completedEvents());

    await call('PATCH', `/api/webhooks/${completed.webhookId}`, { events: ['survey.sent'] });
    receiver.reset();
    const batch = rate / 10;
    const sendsStarted = Date.now();
    let sends = 0;
    while (Date.now() - sendsStarted < seconds * 1000) {
      const due = sendsStarted + sends * 100;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const rows = Array.from({ length: batch }, (_, index) => ({
        emailAddress: `sent.${sends}.${index}@bench.test`,
      }));
      void call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
      sends += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sentEvents = async () =>
      (await db.query("select count(*)::int as count from webhook_events where type = 'survey.sent'")).rows[0]
        .count;
    await waitForDeliveries(receiver, sentEvents);
    report(`survey.sent (bulk sends of ${batch} every 100 ms)`, receiver, await sentEvents());
  }
} finally {
  await db.end().catch(() => {});
  await bench.stop();
  receiver.server.closeAllConnections();
  receiver.server.close();
}
