// `node text-analytics.bench.mjs` (docs/decisions/030-text-analytics.md): text analytics on
// PostgreSQL at scale. One template of an NPS question (the composite) and a comment question;
// BENCH_TEXT_ROWS completed surveys (default 1,000,000) answer the comment with 4 to 14 words drawn
// from a vocabulary of sentiment and topic words (seeded in SQL). Measured: the backfill job that
// analyses them (the server's own worker, as it runs after an upgrade), in answers per second; then
// the template's keyword table (GET /survey-templates/{id}/text-analytics) cold, after a restart,
// and warm (median of 20), and the responses list filtered by a keyword (first read, warm median).
// BENCH_KEEP_DATABASE=1 keeps the database; BENCH_DATABASE=<name> measures a kept one again
// without seeding or backfilling (a new staff member joins its workspace).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { aim, benchDatabase, benchServer, median, ms, signUpStaff } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_TEXT_ROWS ?? 1_000_000);

const reused = process.env.BENCH_DATABASE;
const database = await benchDatabase(reused, { prefix: 'graphium_bench_text_' });
const server = benchServer(database.url, { dataDir: `/tmp/${database.name}` });

const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, millis));

// Words people write about a service: some carry a sentiment (AFINN), most a topic.
const vocabulary = [
  ...['great', 'good', 'excellent', 'friendly', 'helpful', 'happy', 'love', 'nice', 'recommend', 'perfect'],
  ...['bad', 'rude', 'terrible', 'awful', 'disappointed', 'poor', 'wrong', 'broken', 'angry', 'worst'],
  ...['delivery', 'staff', 'service', 'price', 'quality', 'support', 'order', 'product', 'store', 'website'],
  ...['slow', 'fast', 'quick', 'late', 'early', 'clean', 'busy', 'cheap', 'expensive', 'easy'],
  ...['parking', 'checkout', 'refund', 'manager', 'driver', 'package', 'phone', 'app', 'email', 'payment'],
  ...['the', 'was', 'and', 'very', 'not', 'but', 'a', 'it', 'we', 'our'],
  ...Array.from({ length: 140 }, (_, index) => `topic${index}`),
];

const db = new pg.Client({ connectionString: database.url });
try {
  await server.start();
  const { cookie, startup } = await signUpStaff(server.base);
  await db.connect();
  let workspaceId = startup.workspaces[0].workspaceId;
  let template;
  let commentId;
  let seedSeconds = 0;
  let backfillSeconds = 0;
  let answers = surveyCount;
  let terms = 0;
  if (reused) {
    const {
      rows: [row],
    } = await db.query(
      `select t.id, t.workspace_id, v.definition from templates t join template_versions v on v.template_id = t.id
       where t.name = 'Bench comments'`,
    );
    await db.query(
      `insert into workspace_members (workspace_id, account_id, role) values ($1, $2, 'admin') on conflict do nothing`,
      [row.workspace_id, startup.account.accountId],
    );
    workspaceId = row.workspace_id;
    template = { id: row.id };
    commentId = row.definition.questions[1].id;
  } else {
    const npsId = randomUUID();
    commentId = randomUUID();
    const definition = JSON.stringify({
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
          compositeScore: { enabled: true, value: 1 },
        },
        { id: commentId, type: 'LongTextEntry', question: 'Tell us more', label: 'Comment' },
      ],
    });
    ({
      rows: [template],
    } = await db.query(
      `insert into templates (workspace_id, kind, name) values ($1, 'survey', 'Bench comments') returning id`,
      [workspaceId],
    ));
    const {
      rows: [version],
    } = await db.query(
      `insert into template_versions (template_id, version_number, state, definition, settings)
     values ($1, 1, 'PUBLISHED', $2, '{}') returning id`,
      [template.id, definition],
    );

    const seedStart = Date.now();
    const chunk = 100_000;
    for (let done = 0; done < surveyCount; done += chunk) {
      await db.query(
        `insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
         responses, sent_at, completed_at, expires_at, composite_percentage, question_scores, scored_question_count,
         language, created_at, updated_at)
       select $1, $2, $3, 'COMPLETE',
         jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', 'r' || g || '@bench.test')),
         '{}'::jsonb, jsonb_build_object($4::text, nps, $5::text, comment),
         sent, sent + interval '1 hour', sent + interval '30 days', nps * 10.0,
         jsonb_build_array(jsonb_build_object('questionId', $4::text, 'score', nps, 'percentage', nps * 10.0)), 1,
         'en', sent, sent + interval '1 hour'
       from (
         select g, now() - g * interval '2 seconds' as sent, floor(random() * 11)::int as nps,
           (select string_agg(($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int], ' ')
              from generate_series(1, 4 + (g % 11)) w where g > 0) as comment
         from generate_series($7::int, $8::int) g
       ) answers`,
        [
          workspaceId,
          template.id,
          version.id,
          npsId,
          commentId,
          vocabulary,
          done + 1,
          Math.min(done + chunk, surveyCount),
        ],
      );
    }
    await db.query(
      `insert into response_template_stats (template_id, workspace_id, sent_count, completed_count, composite_count, composite_sum)
     select template_id, workspace_id, count(*), count(*), count(*), sum(composite_percentage)
     from surveys group by template_id, workspace_id`,
    );
    await db.query('vacuum analyze');
    seedSeconds = (Date.now() - seedStart) / 1000;
    await server.stop();

    // The backfill: the server's worker queues it at start and runs it until it is done.
    const backfillStart = performance.now();
    await server.start({ worker: true });
    for (;;) {
      const {
        rows: [state],
      } = await db.query(`select finished_at, analysed_count from text_analytics_backfill`);
      if (state.finished_at) break;
      await sleep(250);
    }
    backfillSeconds = (performance.now() - backfillStart) / 1000;
    ({
      rows: [{ answers, terms }],
    } = await db.query(
      `select (select count(*) from text_answer_analyses)::int as answers, (select sum(cardinality(terms)) from text_answer_analyses)::int as terms`,
    ));
    if (answers !== surveyCount) throw new Error(`the backfill analysed ${answers} answers`);
    await db.query('vacuum analyze');
  }

  // The keyword table: cold after a restart, then warm.
  await server.stop();
  await server.start();
  const headers = { cookie, 'x-workspace-id': workspaceId };
  async function timed(path) {
    const start = performance.now();
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed, body };
  }
  const analyticsPath = `/api/survey-templates/${template.id}/text-analytics`;
  const cold = await timed(analyticsPath);
  const [comment] = JSON.parse(cold.body).questions;
  if (comment.answerCount !== surveyCount)
    throw new Error(`the table counted ${comment.answerCount} answers`);
  const warm = [];
  for (let index = 0; index < 20; index += 1) warm.push((await timed(analyticsPath)).elapsed);

  const top = comment.keywords[0];
  const filters = encodeURIComponent(
    JSON.stringify({
      logic: 'AND',
      filters: [{ field: `textKeyword.${commentId}`, operator: 'contains', value: top.term }],
    }),
  );
  const listPath = `/api/surveys?surveyTemplateId=${template.id}&include=surveys&filters=${filters}`;
  const listFirst = await timed(listPath);
  const listed = [];
  for (let index = 0; index < 20; index += 1) listed.push((await timed(listPath)).elapsed);
  // A rare term too (the 20th phrase: about one answer in 5,000): few answers hold it, so the
  // list cannot find its page among the newest surveys.
  const rare = comment.phrases.at(-1);
  const rarePath = listPath.replace(
    encodeURIComponent(`"value":"${top.term}"`),
    encodeURIComponent(`"value":"${rare.term}"`),
  );
  const rareFirst = await timed(rarePath);
  const rareListed = [];
  for (let index = 0; index < 20; index += 1) rareListed.push((await timed(rarePath)).elapsed);

  console.log(
    `\ntext analytics on PostgreSQL: ${surveyCount.toLocaleString('en-US')} completed surveys with a comment ` +
      `(seeded in ${seedSeconds.toFixed(0)} s; ${terms.toLocaleString('en-US')} keywords and phrases)\n`,
  );
  console.log('| measure | result | aim |');
  console.log('|---|---|---|');
  if (!reused)
    console.log(
      `| backfill (sentiment, keywords, phrases, aggregates) | ${Math.round(answers / backfillSeconds).toLocaleString('en-US')} answers/s (${backfillSeconds.toFixed(0)} s) | ${aim('text backfill', '>= 2,000 answers/s', answers / backfillSeconds >= 2000)} |`,
    );
  console.log(
    `| keyword table, cold (first request after a restart) | ${ms(cold.elapsed)} | ${aim('keyword table cold', '<= 200 ms', cold.elapsed <= 200)} |`,
  );
  console.log(
    `| keyword table, warm (median of 20) | ${ms(median(warm))} | ${aim('keyword table warm', '<= 200 ms', median(warm) <= 200)} |`,
  );
  console.log(
    `| list filtered by the top keyword "${top.term}" (${top.count.toLocaleString('en-US')} answers): first, warm median | ${ms(listFirst.elapsed)}, ${ms(median(listed))} | ${aim('list filtered by the top keyword', '<= 500 ms', Math.max(listFirst.elapsed, median(listed)) <= 500)} |`,
  );
  console.log(
    `| list filtered by the 20th phrase "${rare.term}" (${rare.count.toLocaleString('en-US')} answers): first, warm median | ${ms(rareFirst.elapsed)}, ${ms(median(rareListed))} | ${aim('list filtered by the 20th phrase', '<= 500 ms', Math.max(rareFirst.elapsed, median(rareListed)) <= 500)} |`,
  );
  console.log(
    `\nload average ${(await import('node:os'))
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  await db.end().catch(() => undefined);
  // BENCH_KEEP_DATABASE=1 leaves it for a look (EXPLAIN) afterwards.
  await database.end();
}
