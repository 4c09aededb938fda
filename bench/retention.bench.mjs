// Retention at scale on PostgreSQL (docs/decisions/044-retention-and-deletions.md): one workspace
// holds BENCH_RETENTION_ROWS (default 1,000,000) surveys nobody answered, sent 400 days ago over 100
// days, seeded in SQL with the aggregates the server keeps (sent counts per template and per day);
// its retention keeps unanswered surveys 30 days. `cli retention apply` (what the daily job runs)
// removes them, a batch per transaction, while a watcher reads pg_stat_activity and pg_locks every
// 50 ms: the longest a transaction of the run held a lock, and the longest statement. Afterwards the
// aggregates must count nothing. Needs a built server (`npm run build`). BENCH_KEEP_DB=1 keeps the
// database.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_RETENTION_ROWS ?? 1_000_000);
const database = await benchDatabase(undefined, { keepVariable: 'BENCH_KEEP_DB' });
const cli = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));

function runCli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        DATA_DIR: `/tmp/${database.name}`,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`cli exited ${code}`)),
    );
  });
}

const db = new pg.Client({ connectionString: database.url });
try {
  // Migrates the new database (nothing to remove yet).
  await runCli(['retention', 'apply']);
  await db.connect();
  const seedStart = Date.now();
  const customerId = randomUUID();
  const workspaceId = randomUUID();
  const templateId = randomUUID();
  const versionId = randomUUID();
  const questionId = randomUUID();
  await db.query('insert into customers (id, name) values ($1, $2)', [customerId, 'Bench Retention']);
  await db.query('insert into workspaces (id, customer_id, name) values ($1, $2, $3)', [
    workspaceId,
    customerId,
    'Bench Retention',
  ]);
  await db.query(
    `insert into templates (id, workspace_id, kind, name) values ($1, $2, 'survey', 'Old visits')`,
    [templateId, workspaceId],
  );
  await db.query(
    `insert into template_versions (id, template_id, version_number, state, definition, settings)
     values ($1, $2, 1, 'PUBLISHED', $3, '{}')`,
    [
      versionId,
      templateId,
      JSON.stringify({
        properties: [],
        questions: [{ id: questionId, type: 'NetPromoterScore', question: 'Recommend us?', label: 'NPS' }],
      }),
    ],
  );
  // Sent 400 to 500 days ago, a tenth opened; next reminder checks done.
  await db.query(
    `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
       sent_at, first_opened_at, expires_at, next_reminder_at)
     select $1, $2, $3, case when n % 10 = 0 then 'OPENED' else 'SENT' end,
       jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', 'person' || n || '@bench.test')),
       '{}'::jsonb, sent, case when n % 10 = 0 then sent + interval '1 hour' end, sent + interval '30 days', null
     from (select n, now() - interval '400 days' - (n % 100) * interval '1 day' - (n % 86400) * interval '1 second' as sent
           from generate_series(1, $4::int) n) s`,
    [workspaceId, templateId, versionId, surveyCount],
  );
  await db.query(
    `insert into response_template_stats (template_id, workspace_id, sent_count) values ($1, $2, $3)`,
    [templateId, workspaceId, surveyCount],
  );
  await db.query(
    `insert into response_daily_stats (template_id, day, workspace_id, sent_count)
     select $1, (sent_at at time zone 'UTC')::date, $2, count(*) from surveys group by 2`,
    [templateId, workspaceId],
  );
  await db.query(`insert into workspace_retention (workspace_id, unanswered_survey_days) values ($1, 30)`, [
    workspaceId,
  ]);
  await db.query('vacuum analyze surveys');
  console.log(
    `seeded ${surveyCount.toLocaleString('en-US')} unanswered surveys in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  // The watcher: every 50 ms, the oldest transaction of the run holding a lock beyond reading,
  // and the longest-running statement.
  const watcher = new pg.Client({ connectionString: database.url });
  await watcher.connect();
  let maxLockedMs = 0;
  let maxStatementMs = 0;
  let longestQuery = '';
  let samples = 0;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const { rows } = await watcher.query(
        `select coalesce(max(extract(epoch from (clock_timestamp() - a.xact_start)) * 1000)
                  filter (where exists (select 1 from pg_locks l where l.pid = a.pid and l.granted
                    and l.mode not in ('AccessShareLock'))), 0)::float8 as locked,
                coalesce(max(extract(epoch from (clock_timestamp() - a.query_start)) * 1000)
                  filter (where a.state = 'active'), 0)::float8 as statement,
                (array_agg(left(regexp_replace(a.query, '\\s+', ' ', 'g'), 70)
                  order by a.query_start) filter (where a.state = 'active'))[1] as query
         from pg_stat_activity a
         where a.datname = current_database() and a.pid <> pg_backend_pid() and a.xact_start is not null`,
      );
      maxLockedMs = Math.max(maxLockedMs, rows[0].locked);
      if (rows[0].statement > maxStatementMs) {
        maxStatementMs = rows[0].statement;
        longestQuery = rows[0].query;
      }
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const start = Date.now();
  const output = await runCli(['retention', 'apply']);
  const seconds = (Date.now() - start) / 1000;
  watching = false;
  await watch;
  await watcher.end();

  const left = (await db.query('select count(*)::int as n from surveys')).rows[0].n;
  const stats = (
    await db.query(
      `select (select coalesce(sum(sent_count), 0) from response_template_stats)::int as template,
              (select coalesce(sum(sent_count), 0) from response_daily_stats)::int as daily`,
    )
  ).rows[0];
  const load = (await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(output);
  console.log(
    `removed in ${seconds.toFixed(0)} s (${Math.round(surveyCount / seconds).toLocaleString('en-US')} surveys/s); ` +
      `longest transaction holding locks ${maxLockedMs.toFixed(0)} ms, longest statement ${maxStatementMs.toFixed(0)} ms ` +
      `(${samples} samples; the longest: ${longestQuery}); surveys left ${left}, sent counts left: template ${stats.template}, daily ${stats.daily}; load ${load}`,
  );
  if (left !== 0 || stats.template !== 0 || stats.daily !== 0) process.exitCode = 1;
} finally {
  await db.end().catch(() => {});
  await database.end();
}
