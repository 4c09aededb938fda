// `npm run bench` (decision 008): on PostgreSQL, 100,000 surveys with a reminder due (seeded with
// SQL), one worker process (`npm run worker`) sending them to a local SMTP server: messages per
// second. While it runs, respondents complete surveys that have an alert: the time from each
// completion to the alert e-mail arriving (p50, p99). BENCH_REMINDERS and BENCH_ALERTS change the
// counts; BENCH_CPU_PROF=<dir> profiles the worker; BENCH_KEEP_DB=1 keeps the database to inspect.
// Needs a built server (`npm run build`).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { adminUrl, aim, freePort, signUpStaff, waitFor } from './lib.mjs';

const reminderCount = Number(process.env.BENCH_REMINDERS ?? 100_000);
const alertCount = Number(process.env.BENCH_ALERTS ?? 60);
const alertRecipient = 'alerts@bench.test';

/**
 * A local SMTP server that counts reminders without parsing them (it must not be the
 * bottleneck); alert e-mails are read for the survey id in their link, with the arrival time.
 */
async function startCountingSmtp() {
  const received = { reminders: 0, first: 0, last: 0, alerts: new Map() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const isAlert = session.envelope.rcptTo.some((to) => to.address === alertRecipient);
      const chunks = [];
      stream.on('data', (chunk) => {
        if (isAlert) chunks.push(chunk);
      });
      stream.on('end', () => {
        const now = Date.now();
        if (isAlert) {
          const text = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '');
          const surveyId = /responses\/([0-9a-f-]{36})/.exec(text)?.[1];
          if (surveyId && !received.alerts.has(surveyId)) received.alerts.set(surveyId, now);
        } else {
          received.reminders += 1;
          received.last = now;
          received.first ||= now;
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received, server };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const databaseName = `graphium_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

const children = [];
const smtp = await startCountingSmtp();
const serverDist = (file) => fileURLToPath(new URL(`../apps/server/dist/${file}`, import.meta.url));
const commonEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl.toString(),
  DATA_DIR: `/tmp/${databaseName}`,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '',
  SMTP_URL: smtp.url,
};
let db;
try {
  // The HTTP server only (WORKER=off): sign-up, the template, and the respondents' completions.
  const serverPort = await freePort();
  children.push(
    spawn(process.execPath, [serverDist('main.js')], {
      env: { ...commonEnv, PORT: String(serverPort), WORKER: 'off' },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${serverPort}`;
  await waitFor(`${base}/api/health`);
  const { call, xsrf, xsrfHeader } = await signUpStaff(base);

  // A published template with a one-day reminder and an alert on a low NPS.
  const npsId = randomUUID();
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: 'Bench reminders' });
  const versionId = template.surveyTemplateVersionId;
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello, thank you for your visit.',
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
    surveyTemplateSettings: {
      reminders: [
        { id: randomUUID(), duration: 1, period: 'days', event: 'sent', message: 'A gentle reminder.' },
      ],
      alerts: [
        {
          id: 'detractor',
          name: 'Detractor',
          conditions: [{ surveyQuestionId: npsId, operator: 'LESS_THAN', value: 5 }],
          recipients: [alertRecipient],
        },
      ],
    },
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  // Quiet hours off, so the figures do not depend on the time of day the bench runs.
  await call('PUT', '/api/workspace/notification-settings', { quietHours: { start: '00:00', end: '00:00' } });

  // Seed: surveys sent two days ago, their reminder check due; and fresh ones for the alerts.
  db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  const seedStart = Date.now();
  const seed = (count, sentAgo, nextCheck, prefix) =>
    db.query(
      `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
         sent_at, expires_at, next_reminder_at)
       select t.workspace_id, t.id, v.id, 'SENT',
         jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', '${prefix}.' || n || '@bench.test')),
         '{}'::jsonb, now() - $2::interval, now() - $2::interval + interval '30 days', ${nextCheck}
       from generate_series(1, $1::int) as n, template_versions v join templates t on t.id = v.template_id
       where v.id = $3`,
      [count, sentAgo, versionId],
    );
  await seed(reminderCount, '2 days', "now() - interval '1 minute'", 'respondent');
  await seed(alertCount, '1 minute', 'null', 'completer');
  await db.query('analyze surveys');
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const alertSurveys = (
    await db.query(`select id from surveys where contact_methods->0->>'emailAddress' like 'completer.%'`)
  ).rows.map((row) => row.id);

  // One worker process; the run starts at once (rather than at the next minute's cron).
  children.push(
    spawn(
      process.execPath,
      [
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        serverDist('worker.js'),
      ],
      { env: commonEnv, stdio: ['ignore', 'inherit', 'inherit'] },
    ),
  );
  const boss = new PgBoss({
    connectionString: databaseUrl.toString(),
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await new Promise((resolve) => setTimeout(resolve, 3000)); // the worker starts its queues
  const runStart = Date.now();
  await boss.send('send-reminders', {});
  await boss.stop({ graceful: false, close: true });

  // Respondents complete alert surveys while the reminders go out, one every ~400 ms.
  const completions = new Map();
  const answerTimes = [];
  const respondentHeaders = { cookie: xsrf, ...xsrfHeader };
  const completer = (async () => {
    for (const surveyId of alertSurveys) {
      if (smtp.received.reminders >= reminderCount) break;
      await new Promise((resolve) => setTimeout(resolve, 400));
      const started = Date.now();
      const response = await fetch(`${base}/api/surveys/${surveyId}?markAsComplete=true`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...respondentHeaders },
        body: JSON.stringify({ surveyResponses: { [npsId]: 2 } }),
      });
      if (!response.ok) throw new Error(`completion failed: ${response.status} ${await response.text()}`);
      completions.set(surveyId, started);
      answerTimes.push(Date.now() - started);
    }
  })();

  const deadline = Date.now() + 600_000;
  let claimedSeconds;
  const probe = new pg.Client({ connectionString: databaseUrl.toString() });
  await probe.connect();
  while (smtp.received.reminders < reminderCount && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (claimedSeconds === undefined) {
      const { rows } = await probe.query('select count(*)::int as count from reminder_sends');
      if (rows[0].count >= reminderCount) claimedSeconds = (Date.now() - runStart) / 1000;
    }
  }
  await probe.end();
  await completer;
  const alertDeadline = Date.now() + 30_000;
  while ([...completions.keys()].some((id) => !smtp.received.alerts.has(id)) && Date.now() < alertDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (smtp.received.last - runStart) / 1000;
  const latencies = [...completions].map(([id, started]) =>
    smtp.received.alerts.has(id) ? smtp.received.alerts.get(id) - started : Number.POSITIVE_INFINITY,
  );
  const missing = latencies.filter((latency) => !Number.isFinite(latency)).length;
  const { rows: sends } = await db.query('select count(*)::int as count from reminder_sends');

  console.log(
    `\nreminders: ${reminderCount.toLocaleString('en-US')} surveys seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `${smtp.received.reminders.toLocaleString('en-US')} reminders received by the SMTP server in ${seconds.toFixed(1)} s ` +
      `from the job's start: ${(smtp.received.reminders / seconds).toFixed(0)} messages/s (aim: ${aim('reminders', '500 messages/s or more', smtp.received.reminders / seconds >= 500)}); ` +
      `${sends[0].count.toLocaleString('en-US')} idempotency rows (all written ${claimedSeconds?.toFixed(1) ?? '?'} s after the start)`,
  );
  console.log(
    `alerts: ${completions.size} completions during the run; completion to alert e-mail ` +
      `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(...latencies)} ms ` +
      `(aim: ${aim('alert e-mail after completion', 'p99 at most 5000 ms, none missing', percentile(latencies, 99) <= 5000 && missing === 0)})${missing ? `; ${missing} never arrived` : ''}; ` +
      `the completing PATCH itself: p50 ${percentile(answerTimes, 50)} ms, p99 ${percentile(answerTimes, 99)} ms`,
  );
} finally {
  await db?.end();
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  smtp.server.close();
  if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
