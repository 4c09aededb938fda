// `npm run bench` (decision 007): the responses analysis on PostgreSQL at scale. One base template, 20
// workspaces each with a template created from it; the measured template holds 1,000,000
// completed surveys of 10 scale questions (seeded in SQL, with their scores and the aggregates
// the server keeps), the 19 others some more. Measured: the summary cold (first request after a
// restart) and warm, the first list page with a question filter, the last page, and the CSV
// export of all 1,000,000 surveys (time and the server's memory growth).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { aim, benchDatabase, benchServer, median, ms, signUpStaff } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_RESPONSES ?? 1_000_000);
const otherSurveys = Number(process.env.BENCH_OTHER_RESPONSES ?? 500);
const workspaceCount = 20;

const database = await benchDatabase();
const server = benchServer(database.url, { dataDir: `/tmp/${database.name}` });
function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const db = new pg.Client({ connectionString: database.url });
try {
  await server.start();
  const { cookie: staffCookie, startup } = await signUpStaff(server.base);
  const measuredWorkspace = startup.workspaces[0].workspaceId;

  await db.connect();
  const seedStart = Date.now();
  // Ten scale questions, every one in the composite: 4 NPS, 3 star ratings, 3 numeric 1..7.
  const questions = Array.from({ length: 10 }, (_, index) => {
    const type = index < 4 ? 'NetPromoterScore' : index < 7 ? 'StarRatingScale' : 'NumericScale';
    const [low, high] = type === 'NetPromoterScore' ? [0, 10] : type === 'StarRatingScale' ? [1, 5] : [1, 7];
    return {
      id: randomUUID(),
      type,
      low,
      high,
      definition: {
        id: randomUUID(),
        type,
        question: `Question ${index + 1}`,
        label: `Q${index + 1}`,
        compositeScore: { enabled: true, value: 1 },
        ...(type === 'NumericScale' ? { startNumber: 1, endNumber: 7 } : {}),
      },
    };
  });
  for (const question of questions) question.definition.id = question.id;
  const definition = JSON.stringify({ questions: questions.map((question) => question.definition) });

  const { rows: customerRows } = await db.query(
    `insert into customers (name) select 'Bench customer ' || g from generate_series(1, $1) g returning id`,
    [workspaceCount],
  );
  const { rows: workspaceRows } = await db.query(
    `insert into workspaces (customer_id, name) select unnest($1::uuid[]), 'Bench workspace' returning id`,
    [customerRows.map((row) => row.id)],
  );
  const providerWorkspace = workspaceRows.pop().id;
  const workspaces = [measuredWorkspace, ...workspaceRows.map((row) => row.id)];
  const {
    rows: [baseTemplate],
  } = await db.query(
    `insert into templates (workspace_id, kind, name) values ($1, 'base', 'Bench base') returning id`,
    [providerWorkspace],
  );
  const {
    rows: [baseVersion],
  } = await db.query(
    `insert into template_versions (template_id, version_number, state, definition, settings)
     values ($1, 1, 'PUBLISHED', $2, '{}') returning id`,
    [baseTemplate.id, definition],
  );
  const templates = [];
  for (const workspaceId of workspaces) {
    const {
      rows: [template],
    } = await db.query(
      `insert into templates (workspace_id, kind, name) values ($1, 'survey', 'Bench survey') returning id`,
      [workspaceId],
    );
    const {
      rows: [version],
    } = await db.query(
      `insert into template_versions (template_id, version_number, state, definition, settings, base_version_id)
       values ($1, 1, 'PUBLISHED', $2, '{}', $3) returning id`,
      [template.id, definition, baseVersion.id],
    );
    templates.push({ workspaceId, templateId: template.id, versionId: version.id });
  }

  // The answers as columns, then the row with its stored scores (the shared rules in SQL).
  const answerColumns = questions
    .map(
      (question, index) =>
        `${question.low} + floor(random() * ${question.high - question.low + 1})::int as a${index}`,
    )
    .join(', ');
  const percentage = (question, index) =>
    `(a${index} - ${question.low}) * 100.0 / ${question.high - question.low}`;
  const responses = `jsonb_build_object(${questions.map((question, index) => `'${question.id}', a${index}`).join(', ')})`;
  const scores = `jsonb_build_array(${questions
    .map(
      (question, index) =>
        `jsonb_build_object('questionId', '${question.id}', 'score', a${index}, 'percentage', ${percentage(question, index)})`,
    )
    .join(', ')})`;
  const composite = `(${questions.map(percentage).join(' + ')}) / ${questions.length}.0`;
  async function seedSurveys(template, count) {
    await db.query(
      `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
         responses, sent_at, completed_at, expires_at, composite_percentage, question_scores, scored_question_count,
         created_at, updated_at)
       select $1, $2, $3, 'COMPLETE',
         jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', 'r' || g || '@bench.test')),
         '{}'::jsonb, ${responses}, sent, sent + interval '1 hour', sent + interval '30 days',
         ${composite}, ${scores}, ${questions.length}, sent, sent + interval '1 hour'
       from (select g, now() - g * interval '20 seconds' as sent, ${answerColumns}
             from generate_series(1, $4) g) answers`,
      [template.workspaceId, template.templateId, template.versionId, count],
    );
  }
  const [measured, ...others] = templates;
  for (let done = 0; done < surveyCount; done += 100_000) {
    await seedSurveys(measured, Math.min(100_000, surveyCount - done));
  }
  for (const template of others) await seedSurveys(template, otherSurveys);

  // The aggregates, as the completion transactions would have written them.
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
  await db.query(
    `insert into response_benchmark_stats (base_template_id, question_id, workspace_id, count, percentage_sum)
     select $1::uuid, score->>'questionId', workspace_id, count(*), sum((score->>'percentage')::float8)
     from surveys, jsonb_array_elements(question_scores) score group by 2, 3
     union all
     select $1::uuid, '', workspace_id, count(*), sum(composite_percentage) from surveys group by 3`,
    [baseTemplate.id],
  );
  await db.query('vacuum analyze');
  const seedSeconds = (Date.now() - seedStart) / 1000;

  // Cold: the first request after a restart.
  await server.stop();
  await server.start();
  const headers = { cookie: staffCookie };
  async function timed(path) {
    const start = performance.now();
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed, body };
  }
  const listPath = `/api/surveys?surveyTemplateId=${measured.templateId}`;
  const summaryPath = `${listPath}&include=summary`;
  const cold = await timed(summaryPath);
  const summary = JSON.parse(cold.body).summary;
  if (summary.totalResponses !== surveyCount) throw new Error(`summary counted ${summary.totalResponses}`);
  if (!summary.overallBenchmark) throw new Error('the benchmark is missing');
  const warm = [];
  for (let index = 0; index < 20; index += 1) warm.push((await timed(summaryPath)).elapsed);

  const filters = encodeURIComponent(
    JSON.stringify({
      logic: 'AND',
      filters: [{ field: `surveyResponses.${questions[0].id}`, operator: 'equals', value: 9 }],
    }),
  );
  const filteredPath = `${listPath}&include=surveys&filters=${filters}`;
  const filteredFirst = await timed(filteredPath);
  const filteredTotal = JSON.parse(filteredFirst.body).pagination.total;
  const filtered = [];
  for (let index = 0; index < 10; index += 1) filtered.push((await timed(filteredPath)).elapsed);

  const lastPage = Math.ceil(surveyCount / 25);
  const lastPath = `${listPath}&include=surveys&page=${lastPage}`;
  const lastFirst = await timed(lastPath);
  if (JSON.parse(lastFirst.body).surveys.length === 0) throw new Error('the last page is empty');
  const last = [];
  for (let index = 0; index < 10; index += 1) last.push((await timed(lastPath)).elapsed);

  // The export: streamed and counted here, the server's memory sampled meanwhile.
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb());
  }, 100);
  const exportStart = performance.now();
  const response = await fetch(
    `${server.base}/api/surveys/export?surveyTemplateId=${measured.templateId}&format=csv`,
    {
      headers,
    },
  );
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const exportSeconds = (performance.now() - exportStart) / 1000;
  clearInterval(sampler);
  if (lines !== surveyCount + 1) throw new Error(`the export has ${lines} lines`);

  console.log(
    `\nresponses analysis on PostgreSQL: ${surveyCount.toLocaleString('en-US')} completed surveys of 10 questions on the measured template, ` +
      `${(otherSurveys * others.length).toLocaleString('en-US')} on 19 other workspaces' templates of the same base (seeded in ${seedSeconds.toFixed(0)} s)\n`,
  );
  console.log('| measure | result | aim |');
  console.log('|---|---|---|');
  console.log(
    `| summary, cold (first request after a restart) | ${ms(cold.elapsed)} | ${aim('summary cold', '<= 1,000 ms', cold.elapsed <= 1000)} |`,
  );
  console.log(
    `| summary, warm (median of 20) | ${ms(median(warm))} | ${aim('summary warm', '<= 100 ms', median(warm) <= 100)} |`,
  );
  console.log(
    `| first page with a question filter (NPS = 9, ${filteredTotal.toLocaleString('en-US')} matches; first / median of 10) | ${ms(filteredFirst.elapsed)} / ${ms(median(filtered))} | ${aim('first page with a question filter', '<= 50 ms', Math.max(filteredFirst.elapsed, median(filtered)) <= 50)} |`,
  );
  console.log(
    `| last page (page ${lastPage.toLocaleString('en-US')}; first / median of 10) | ${ms(lastFirst.elapsed)} / ${ms(median(last))} | ${aim('last page', '<= 400 ms', Math.max(lastFirst.elapsed, median(last)) <= 400)} |`,
  );
  console.log(
    `| CSV export of all ${surveyCount.toLocaleString('en-US')} (${(bytes / 1e6).toFixed(0)} MB) | ${exportSeconds.toFixed(1)} s | ${aim('CSV export', '<= 60 s', exportSeconds <= 60)} |`,
  );
  console.log(
    `| server RSS during the export | ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB peak: +${(rssPeak - rssBefore).toFixed(0)} MB | ${aim('server memory during the export', '<= +256 MB', rssPeak - rssBefore <= 256)} |`,
  );
} finally {
  await server.stop();
  await db.end().catch(() => {});
  // BENCH_KEEP_DATABASE=1 keeps the seeded database to study query plans.
  await database.end();
}
