// Filtered summaries and segments on PostgreSQL at scale (docs/decisions/029-segments.md, 034). One
// template holds BENCH_SEGMENT_ROWS (default 1,000,000) completed surveys of four scale questions
// (the first an NPS) with three properties: a plan of 50 values, a number of seats and a date
// (customer since, 600 days); seeded in SQL with their stored scores and the aggregates the server
// keeps. Measured through the real routes, cold (first request after a restart) and warm (median
// of 20): the summary with a question filter and a date range, and the segment tables.
// BENCH_KEEP_DATABASE=1 keeps the seeded database (its name is printed); BENCH_DATABASE=<name>
// measures that database again without seeding (the server migrates it first, and a new staff
// member joins its workspace), so queries can be changed and measured without seeding each time.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { aim, benchDatabase, benchServer, median, ms, signUpStaff } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_SEGMENT_ROWS ?? 1_000_000);

const reused = process.env.BENCH_DATABASE;
const database = await benchDatabase(reused);
// Long enough for a migration over every survey of a kept database.
const server = benchServer(database.url, { dataDir: `/tmp/${database.name}`, readyTimeoutMs: 900_000 });

const warmRuns = 20;

const db = new pg.Client({ connectionString: database.url });

/** Seeds the template, its surveys and the aggregates the server keeps; answers what was made. */
async function seed(workspaceId) {
  const seedStart = Date.now();
  const questions = [
    { id: randomUUID(), type: 'NetPromoterScore', low: 0, high: 10 },
    { id: randomUUID(), type: 'StarRatingScale', low: 1, high: 5 },
    { id: randomUUID(), type: 'StarRatingScale', low: 1, high: 5 },
    { id: randomUUID(), type: 'NumericScale', low: 1, high: 7 },
  ];
  const planId = randomUUID();
  const seatsId = randomUUID();
  const sinceId = randomUUID();
  const definition = JSON.stringify({
    properties: [
      { id: planId, type: 'Text', label: 'Plan' },
      { id: seatsId, type: 'Number', label: 'Seats' },
      { id: sinceId, type: 'Date', label: 'Customer since' },
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
         jsonb_build_object('${planId}', 'Plan ' || (g % 50), '${seatsId}', 1 + (g % 500),
           '${sinceId}', to_char(date '2024-01-01' + (g % 600), 'YYYY-MM-DD')),
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
  // The totals and the number and date values (decision 034), and the narrow rows the filtered
  // summary reads (decision 046): the migrations' own statements.
  const migrations = new URL('../apps/server/src/db/migrations/', import.meta.url);
  for (const prefix of ['0023_', '0032_']) {
    const file = readdirSync(migrations).find((name) => name.startsWith(prefix));
    const handWritten = file
      ? (readFileSync(new URL(file, migrations), 'utf8').split('-- hand-written:')[1] ?? '')
      : '';
    for (const statement of handWritten.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.query(statement);
    }
  }
  await db.query('vacuum analyze');
  return {
    workspaceId,
    template,
    questions,
    planId,
    seatsId,
    sinceId,
    seedSeconds: (Date.now() - seedStart) / 1000,
  };
}

/** A kept database's template; the new staff member joins its workspace as an admin. */
async function findSeeded(accountId) {
  const {
    rows: [row],
  } = await db.query(
    `select t.id, t.workspace_id, v.definition from templates t join template_versions v on v.template_id = t.id
     where t.name = 'Bench segments'`,
  );
  await db.query(
    `insert into workspace_members (workspace_id, account_id, role) values ($1, $2, 'admin') on conflict do nothing`,
    [row.workspace_id, accountId],
  );
  const [planId, seatsId, sinceId] = row.definition.properties.map((property) => property.id);
  return {
    workspaceId: row.workspace_id,
    template: { id: row.id },
    questions: row.definition.questions,
    planId,
    seatsId,
    sinceId,
    seedSeconds: 0,
  };
}

try {
  const startedAt = performance.now();
  await server.start();
  const firstStart = (performance.now() - startedAt) / 1000;
  const { cookie, startup } = await signUpStaff(server.base);
  await db.connect();
  const seeded = reused
    ? await findSeeded(startup.account.accountId)
    : await seed(startup.workspaces[0].workspaceId);
  const { workspaceId, template, questions, planId, seatsId, sinceId, seedSeconds } = seeded;

  await server.stop();
  await server.start();
  const headers = { cookie, 'x-workspace-id': workspaceId };
  async function timed(path) {
    const start = performance.now();
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed, body: JSON.parse(body) };
  }
  // Cold: the first request of its kind after the restart; warm: the median of the next 20.
  async function measure(path) {
    const cold = await timed(path);
    const warm = [];
    for (let index = 0; index < warmRuns; index += 1) warm.push((await timed(path)).elapsed);
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

  const segmentsPath = (propertyId) => `/api/survey-templates/${template.id}/segments?property=${propertyId}`;
  const segments = await measure(segmentsPath(planId));
  const segmentRows = segments.cold.body.segments;
  if (segmentRows.length !== 21 || segments.cold.body.total !== surveyCount)
    throw new Error(`segments: ${segmentRows.length} rows, total ${segments.cold.body.total}`);
  const numbers = await measure(segmentsPath(seatsId));
  const dates = await measure(segmentsPath(sinceId));
  for (const table of [numbers, dates]) {
    if (table.cold.body.total !== surveyCount) throw new Error(`segments: total ${table.cold.body.total}`);
  }
  // The same tables within a filter: computed over the matching surveys.
  const filteredSegments = await measure(`${segmentsPath(planId)}&filters=${filters}&sentFrom=${sentFrom}`);
  const filteredNumbers = await measure(`${segmentsPath(seatsId)}&filters=${filters}&sentFrom=${sentFrom}`);

  const load = (await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\nfiltered summaries and segments on PostgreSQL: ${surveyCount.toLocaleString('en-US')} completed surveys of one template (${reused ? `kept database ${reused}, first start with its migrations ${firstStart.toFixed(0)} s` : `seeded in ${seedSeconds.toFixed(0)} s`}; load average ${load})\n`,
  );
  console.log(`| measure | cold | warm (median of ${warmRuns}) | aim |`);
  console.log('|---|---|---|---|');
  const line = (label, result) =>
    console.log(
      `| ${label} | ${ms(result.cold.elapsed)} | ${ms(result.warm)} | ${aim(label, '<= 500 ms', Math.max(result.cold.elapsed, result.warm) <= 500)} |`,
    );
  line(`summary, NPS >= 9 and the last 30 days (${matched.toLocaleString('en-US')} matches)`, summary);
  line('segment table, text property of 50 values (top 20 + Other)', segments);
  line(`segment table, number property (${numbers.cold.body.segments.length} ranges)`, numbers);
  line(
    `segment table, date property (${dates.cold.body.segments.length} ${dates.cold.body.binning}s)`,
    dates,
  );
  line('segment table, text property, NPS >= 9 and the last 30 days', filteredSegments);
  line('segment table, number property, NPS >= 9 and the last 30 days', filteredNumbers);
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await database.end();
}
