// `npm run bench` (docs/decisions/028-dashboard.md): the dashboard on PostgreSQL at scale. 50
// templates (40 in the measured workspace, 5 in each of two others) hold BENCH_DASHBOARD_ROWS
// (1,000,000) completed surveys over the last year, plus a tenth as many left unanswered; the
// daily aggregate is built by the migration's own backfill statement. Measured through the real
// route: the dashboard over all templates for 90 days, cold (first request after a server
// restart) and warm (median of 20). Then (decision 035) the measured workspace's time zone becomes
// Pacific/Auckland: the first dashboard request answers at once in UTC's days and queues a job that
// rebuilds the daily rows in Auckland's (a workspace past 250,000 surveys); both are timed, and the
// dashboard is measured again, cold and warm, in that zone.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { aim, benchDatabase, benchServer, median, ms, signUpStaff } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_DASHBOARD_ROWS ?? 1_000_000);
const templateCount = 50;
const measuredTemplates = 40;

const database = await benchDatabase();
const server = benchServer(database.url, { dataDir: `/tmp/${database.name}` });

const day = (date) => date.toISOString().slice(0, 10);

const db = new pg.Client({ connectionString: database.url });
try {
  await server.start();
  const { cookie: staffCookie, startup } = await signUpStaff(server.base);
  const measuredWorkspace = startup.workspaces[0].workspaceId;
  await db.connect();

  const seedStart = Date.now();
  const nps = { id: randomUUID(), type: 'NetPromoterScore', question: 'Recommend us?', label: 'NPS' };
  const stars = { id: randomUUID(), type: 'StarRatingScale', question: 'Your visit?', label: 'Stars' };
  const definition = JSON.stringify({
    questions: [nps, stars].map((question) => ({ ...question, compositeScore: { enabled: true, value: 1 } })),
  });
  const { rows: customerRows } = await db.query(
    `insert into customers (name) select 'Bench customer ' || g from generate_series(1, 2) g returning id`,
  );
  const { rows: workspaceRows } = await db.query(
    `insert into workspaces (customer_id, name) select unnest($1::uuid[]), 'Bench workspace' returning id`,
    [customerRows.map((row) => row.id)],
  );
  const workspaces = [measuredWorkspace, ...workspaceRows.map((row) => row.id)];
  const templates = [];
  for (let index = 0; index < templateCount; index += 1) {
    const workspaceId =
      index < measuredTemplates ? workspaces[0] : workspaces[1 + ((index - measuredTemplates) % 2)];
    const {
      rows: [template],
    } = await db.query(
      `insert into templates (workspace_id, kind, name) values ($1, 'survey', $2) returning id`,
      [workspaceId, `Bench survey ${index + 1}`],
    );
    const {
      rows: [version],
    } = await db.query(
      `insert into template_versions (template_id, version_number, state, definition, settings)
       values ($1, 1, 'PUBLISHED', $2, '{}') returning id`,
      [template.id, definition],
    );
    templates.push({ workspaceId, templateId: template.id, versionId: version.id });
  }

  // Answers: NPS 0..10 and stars 1..5, their scores, the composite (equal weights) and the state.
  async function seedSurveys(template, count, completed) {
    await db.query(
      `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
         responses, sent_at, completed_at, expires_at, composite_percentage, question_scores, scored_question_count,
         created_at, updated_at)
       select $1, $2, $3, ${completed ? `'COMPLETE'` : `'SENT'`},
         jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', 'r' || g || '@bench.test')),
         '{}'::jsonb,
         ${completed ? `jsonb_build_object('${nps.id}', a, '${stars.id}', s)` : `'{}'::jsonb`},
         sent, ${completed ? `sent + (random() * 72) * interval '1 hour'` : 'null'}, sent + interval '30 days',
         ${completed ? '(a * 10.0 + (s - 1) * 25.0) / 2' : 'null'},
         ${
           completed
             ? `jsonb_build_array(jsonb_build_object('questionId', '${nps.id}', 'score', a, 'percentage', a * 10.0),
                  jsonb_build_object('questionId', '${stars.id}', 'score', s, 'percentage', (s - 1) * 25.0))`
             : 'null'
         },
         ${completed ? 2 : 'null'}, sent, sent
       from (select g, now() - random() * interval '365 days' as sent,
               least(10, floor(random() * 8)::int + floor(random() * 4)::int) as a, 1 + floor(random() * 5)::int as s
             from generate_series(1, $4) g) answers`,
      [template.workspaceId, template.templateId, template.versionId, count],
    );
  }
  const perTemplate = Math.ceil(surveyCount / templateCount);
  let seeded = 0;
  for (const template of templates) {
    const count = Math.min(perTemplate, surveyCount - seeded);
    if (count <= 0) break;
    await seedSurveys(template, count, true);
    await seedSurveys(template, Math.ceil(count / 10), false);
    seeded += count;
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;

  // The daily aggregate, by the migration's backfill (the server applied the migration before any survey existed).
  const migration = readFileSync(
    new URL('../apps/server/src/db/migrations/0020_response_daily_stats.sql', import.meta.url),
    'utf8',
  );
  const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
  const backfillStart = Date.now();
  await db.query(backfill);
  const backfillSeconds = (Date.now() - backfillStart) / 1000;
  await db.query('vacuum analyze');
  const {
    rows: [{ count: dailyRows }],
  } = await db.query('select count(*)::int as count from response_daily_stats');

  // 90 days ending today (UTC), over every template of the measured workspace.
  const to = new Date();
  const from = new Date(to.getTime() - 89 * 24 * 60 * 60 * 1000);
  const path = `/api/dashboard?from=${day(from)}&to=${day(to)}`;
  const {
    rows: [expected],
  } = await db.query(
    `select count(*)::int as count from surveys where workspace_id = $1 and state = 'COMPLETE'
       and (completed_at at time zone 'UTC')::date between $2::date and $3::date`,
    [measuredWorkspace, day(from), day(to)],
  );

  await server.stop();
  await server.start();
  const headers = { cookie: staffCookie };
  async function timed() {
    const start = performance.now();
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed, body };
  }
  const cold = await timed();
  const dashboard = JSON.parse(cold.body);
  if (dashboard.figures.responses.current !== expected.count)
    throw new Error(
      `the dashboard counted ${dashboard.figures.responses.current}, the surveys ${expected.count}`,
    );
  const warm = [];
  for (let index = 0; index < 20; index += 1) warm.push((await timed()).elapsed);

  // The machine's own pace meanwhile: the health route, which reads nothing.
  const baseline = [];
  for (let index = 0; index < 20; index += 1) {
    const start = performance.now();
    await (await fetch(`${server.base}/api/health`)).text();
    baseline.push(performance.now() - start);
  }
  // Decision 035: a time zone far from UTC.
  await db.query(
    `insert into notification_settings (workspace_id, time_zone) values ($1, 'Pacific/Auckland')
     on conflict (workspace_id) do update set time_zone = excluded.time_zone`,
    [measuredWorkspace],
  );
  // Past 250,000 surveys the rebuild is a job: the first dashboard answers at once in the previous
  // zone's days, saying which zone is pending, and later ones in Auckland's once the job is done.
  await server.stop();
  await server.start({ worker: true });
  const rebuildStart = performance.now();
  const first = await timed();
  const firstBody = JSON.parse(first.body);
  if (firstBody.pendingTimeZone !== 'Pacific/Auckland' || firstBody.timeZone !== 'UTC')
    throw new Error(
      `the first dashboard in Auckland answered ${firstBody.timeZone} (pending ${firstBody.pendingTimeZone})`,
    );
  let rebuilt = firstBody;
  while (rebuilt.pendingTimeZone) {
    if (performance.now() - rebuildStart > 300_000)
      throw new Error('the daily rows were not rebuilt in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
    rebuilt = JSON.parse((await timed()).body);
  }
  const rebuildElapsed = performance.now() - rebuildStart;
  const {
    rows: [zoned],
  } = await db.query(
    `select count(*)::int as count from surveys where workspace_id = $1 and state = 'COMPLETE'
       and (completed_at at time zone 'Pacific/Auckland')::date between $2::date and $3::date`,
    [measuredWorkspace, day(from), day(to)],
  );
  if (rebuilt.timeZone !== 'Pacific/Auckland' || rebuilt.figures.responses.current !== zoned.count)
    throw new Error(
      `in Auckland the dashboard counted ${rebuilt.figures.responses.current} in ${rebuilt.timeZone}, the surveys ${zoned.count}`,
    );
  await server.stop();
  await server.start();
  const zonedCold = await timed();
  const zonedWarm = [];
  for (let index = 0; index < 20; index += 1) zonedWarm.push((await timed()).elapsed);

  const { nps: npsFigure, composite } = dashboard.figures;
  console.log(
    `\ndashboard on PostgreSQL: ${surveyCount.toLocaleString('en-US')} completed surveys over a year on ${templateCount} templates ` +
      `in 3 workspaces (${measuredTemplates} templates in the measured one), a tenth more unanswered; seeded in ${seedSeconds.toFixed(0)} s, ` +
      `daily aggregate backfilled in ${backfillSeconds.toFixed(1)} s (${dailyRows.toLocaleString('en-US')} rows)\n`,
  );
  console.log(
    `90 days over all templates: ${expected.count.toLocaleString('en-US')} responses, NPS ${npsFigure.current.value.toFixed(1)} ± ${npsFigure.current.marginOfError.toFixed(2)}, ` +
      `composite ${composite.current.value.toFixed(1)} ± ${composite.current.marginOfError.toFixed(2)}, ${dashboard.trend.length} ${dashboard.bucket} buckets, ${dashboard.movers.length} movers\n`,
  );
  console.log('| measure | result | aim |');
  console.log('|---|---|---|');
  console.log(
    `| dashboard, 90 days, cold (first request after a restart) | ${ms(cold.elapsed)} | ${aim('dashboard cold', '<= 300 ms', cold.elapsed <= 300)} |`,
  );
  console.log(
    `| dashboard, 90 days, warm (median of 20) | ${ms(median(warm))} | ${aim('dashboard warm', '<= 50 ms', median(warm) <= 50)} |`,
  );
  console.log(
    `| first dashboard after the time zone became Pacific/Auckland (previous zone's days, rebuild job queued) | ${ms(first.elapsed)} | ${aim('first dashboard after the zone changed', '<= 300 ms', first.elapsed <= 300)} |`,
  );
  console.log(
    `| until the dashboard answered in Auckland's days (the job rebuilt the workspace's daily rows) | ${ms(rebuildElapsed)} | |`,
  );
  console.log(
    `| dashboard in Pacific/Auckland, 90 days, cold | ${ms(zonedCold.elapsed)} | ${aim('dashboard in Auckland cold', '<= 300 ms', zonedCold.elapsed <= 300)} |`,
  );
  console.log(
    `| dashboard in Pacific/Auckland, 90 days, warm (median of 20) | ${ms(median(zonedWarm))} | ${aim('dashboard in Auckland warm', '<= 50 ms', median(zonedWarm) <= 50)} |`,
  );
  console.log(`| baseline: GET /api/health (median of 20) | ${ms(median(baseline))} | |`);
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await database.end();
}
