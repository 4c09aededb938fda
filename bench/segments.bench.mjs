// Filtered summaries and segments on PostgreSQL at scale (docs/decisions/029-segments.md). One
// template holds BENCH_SEGMENT_ROWS (default 1,000,000) completed surveys of four scale questions
// (the first an NPS) with two properties: a plan of 50 values and a number of seats; seeded in SQL
// with their stored scores and the aggregates the server keeps. Measured through the real routes,
// cold (first request after a restart) and warm (median of 10): the summary with a question filter
// and a date range, and the segment table over the 50-value property.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, freePort, signUpStaff, waitFor } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_SEGMENT_ROWS ?? 1_000_000);

const databaseName = `graphium_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

let server;
let serverPort;
async function startServer() {
  serverPort = await freePort();
  server = spawn(process.execPath, [fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(serverPort),
      DATA_DIR: `/tmp/${databaseName}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      WORKER: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${serverPort}/api/health`, 60_000);
}
async function stopServer() {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

const db = new pg.Client({ connectionString: databaseUrl.toString() });
try {
  await startServer();
  const base = () => `http://127.0.0.1:${serverPort}`;
  const { cookie, startup } = await signUpStaff(base());
  const workspaceId = startup.workspaces[0].workspaceId;
  await db.connect();
  const seedStart = Date.now();

  const questions = [
    { id: randomUUID(), type: 'NetPromoterScore', low: 0, high: 10 },
    { id: randomUUID(), type: 'StarRatingScale', low: 1, high: 5 },
    { id: randomUUID(), type: 'StarRatingScale', low: 1, high: 5 },
    { id: randomUUID(), type: 'NumericScale', low: 1, high: 7 },
  ];
  const planId = randomUUID();
  const seatsId = randomUUID();
  const definition = JSON.stringify({
    properties: [
      { id: planId, type: 'Text', label: 'Plan' },
      { id: seatsId, type: 'Number', label: 'Seats' },
    ],
    questions: questions.map((question, index) => ({
      id: question.id,
      type: question.type,
      question: `Question ${index + 1}`,
      label: `Q${index + 1}`,
      compositeScore: { enabled: true, value: 1 },
      ...(question.type === 'NumericScale' ? { startNumber: 1, endNumber: 7 } : {}),
    })),
  });
  const {
    rows: [template],
  } = await db.query(
    `insert into templates (workspace_id, kind, name) values ($1, 'survey', 'Bench segments') returning id`,
    [workspaceId],
  );
  const {
    rows: [version],
  } = await db.query(
    `insert into template_versions (template_id, version_number, state, definition, settings)
     values ($1, 1, 'PUBLISHED', $2, '{}') returning id`,
    [template.id, definition],
  );

  const answerColumns = questions
    .map((q, index) => `${q.low} + floor(random() * ${q.high - q.low + 1})::int as a${index}`)
    .join(', ');
  const percentage = (q, index) => `(a${index} - ${q.low}) * 100.0 / ${q.high - q.low}`;
  const responses = `jsonb_build_object(${questions.map((q, index) => `'${q.id}', a${index}`).join(', ')})`;
  const scores = `jsonb_build_array(${questions
    .map(
      (q, index) =>
        `jsonb_build_object('questionId', '${q.id}', 'score', a${index}, 'percentage', ${percentage(q, index)})`,
    )
    .join(', ')})`;
  const composite = `(${questions.map(percentage).join(' + ')}) / ${questions.length}.0`;
  for (let done = 0; done < surveyCount; done += 100_000) {
    const count = Math.min(100_000, surveyCount - done);
    await db.query(
      `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
         responses, sent_at, completed_at, expires_at, composite_percentage, question_scores, scored_question_count,
         language, created_at, updated_at)
       select $1, $2, $3, 'COMPLETE',
         jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', 'r' || g || '@bench.test')),
         jsonb_build_object('${planId}', 'Plan ' || (g % 50), '${seatsId}', 1 + (g % 500)),
         ${responses}, sent, sent + interval '1 hour', sent + interval '30 days',
         ${composite}, ${scores}, ${questions.length}, 'en', sent, sent + interval '1 hour'
       from (select g, now() - g * interval '20 seconds' as sent, ${answerColumns}
             from generate_series($4::int, $5::int) g) answers`,
      [workspaceId, template.id, version.id, done + 1, done + count],
    );
  }
  await db.query(`
    insert into response_template_stats (template_id, workspace_id, sent_count, completed_count, composite_count, composite_sum)
    select template_id, workspace_id, count(*), count(*), count(composite_percentage), coalesce(sum(composite_percentage), 0)
    from surveys group by template_id, workspace_id`);
  await db.query(`
    insert into response_question_stats (template_id, question_id, workspace_id, response_count, scored_count, percentage_sum)
    select template_id, score->>'questionId', workspace_id, count(*), count(*), sum((score->>'percentage')::float8)
    from surveys, jsonb_array_elements(question_scores) score group by 1, 2, 3`);
  await db.query(`
    insert into response_answer_stats (template_id, question_id, answer_value, workspace_id, count)
    select template_id, score->>'questionId', score->>'score', workspace_id, count(*)
    from surveys, jsonb_array_elements(question_scores) score group by 1, 2, 3, 4`);
  await db.query(`
    insert into response_weekly_stats (template_id, week_start, workspace_id, count, percentage_sum)
    select template_id, date_trunc('week', completed_at at time zone 'UTC')::date, workspace_id, count(*), sum(composite_percentage)
    from surveys group by 1, 2, 3`);
  // The segment aggregates of the text property (docs/decisions/029-segments.md).
  await db.query(
    `insert into response_segment_stats (template_id, property_id, value_key, question_id, workspace_id, value,
       count, composite_count, composite_sum, composite_squares)
     select template_id, $1, lower(properties->>$1), '', workspace_id, min(properties->>$1), count(*),
       count(composite_percentage), coalesce(sum(composite_percentage), 0), coalesce(sum(composite_percentage ^ 2), 0)
     from surveys group by template_id, lower(properties->>$1), workspace_id`,
    [planId],
  );
  await db.query(
    `insert into response_segment_stats (template_id, property_id, value_key, question_id, workspace_id, value,
       count, promoters, passives, detractors)
     select template_id, $1, lower(properties->>$1), $2, workspace_id, min(properties->>$1), count(*),
       count(*) filter (where (responses->>$2)::int >= 9),
       count(*) filter (where (responses->>$2)::int between 7 and 8),
       count(*) filter (where (responses->>$2)::int <= 6)
     from surveys group by template_id, lower(properties->>$1), workspace_id`,
    [planId, questions[0].id],
  );
  await db.query('vacuum analyze');
  const seedSeconds = (Date.now() - seedStart) / 1000;

  await stopServer();
  await startServer();
  const headers = { cookie };
  async function timed(path) {
    const start = performance.now();
    const response = await fetch(`${base()}${path}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed, body: JSON.parse(body) };
  }
  async function measure(path) {
    const cold = await timed(path);
    const warm = [];
    for (let index = 0; index < 10; index += 1) warm.push((await timed(path)).elapsed);
    return { cold, warm: median(warm) };
  }

  // The last 30 days (of about 231 at 1,000,000) and promoters on the NPS question.
  const sentFrom = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const filters = encodeURIComponent(
    JSON.stringify({
      logic: 'AND',
      filters: [{ field: `surveyResponses.${questions[0].id}`, operator: 'gte', value: 9 }],
    }),
  );
  const summary = await measure(
    `/api/surveys?surveyTemplateId=${template.id}&include=summary&filters=${filters}&sentFrom=${sentFrom}`,
  );
  const matched = summary.cold.body.summary.totalResponses;
  if (!(matched > 0)) throw new Error('the filtered summary matched nothing');

  const segments = await measure(`/api/survey-templates/${template.id}/segments?property=${planId}`);
  const segmentRows = segments.cold.body.segments;
  if (segmentRows.length !== 21 || segments.cold.body.total !== surveyCount)
    throw new Error(`segments: ${segmentRows.length} rows, total ${segments.cold.body.total}`);
  const numbers = await measure(`/api/survey-templates/${template.id}/segments?property=${seatsId}`);
  // The same table within a filter: computed over the matching surveys.
  const filteredSegments = await measure(
    `/api/survey-templates/${template.id}/segments?property=${planId}&filters=${filters}&sentFrom=${sentFrom}`,
  );

  console.log(
    `\nfiltered summaries and segments on PostgreSQL: ${surveyCount.toLocaleString('en-US')} completed surveys of one template (seeded in ${seedSeconds.toFixed(0)} s)\n`,
  );
  console.log('| measure | cold | warm (median of 10) | aim |');
  console.log('|---|---|---|---|');
  console.log(
    `| summary, NPS >= 9 and the last 30 days (${matched.toLocaleString('en-US')} matches) | ${ms(summary.cold.elapsed)} | ${ms(summary.warm)} | <= 500 ms |`,
  );
  console.log(
    `| segment table, text property of 50 values (top 20 + Other; from the aggregates) | ${ms(segments.cold.elapsed)} | ${ms(segments.warm)} | <= 500 ms |`,
  );
  console.log(
    `| segment table, number property (${numbers.cold.body.segments.length} ranges) | ${ms(numbers.cold.elapsed)} | ${ms(numbers.warm)} | - |`,
  );
  console.log(
    `| segment table, text property, NPS >= 9 and the last 30 days (over the surveys) | ${ms(filteredSegments.cold.elapsed)} | ${ms(filteredSegments.warm)} | - |`,
  );
} finally {
  if (server && server.exitCode === null) await stopServer();
  await db.end().catch(() => {});
  if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${databaseName}`);
  else await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
