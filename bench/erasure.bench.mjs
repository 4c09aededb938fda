// Erasing one respondent on PostgreSQL at scale (docs/decisions/043-erasure-and-access-requests.md).
// One workspace holds BENCH_ERASURE_ROWS (default 1,000,000) completed surveys of one template
// (three scale questions, a text property), each with its invitation in the outbox, seeded in SQL
// with the aggregates the server keeps; ten respondents among them have three surveys each, one
// by e-mail and phone. Measured through the real route (POST /api/privacy/erasures, one
// transaction each): five respondents erased keeping their answers as figures, five with their
// answers; the search and the access-request export of one respondent before that. Aim: under 1 s.
// BENCH_KEEP_DATABASE=1 keeps the seeded database (its name is printed).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { benchDatabase, benchServer, ms, signUpStaff } from './lib.mjs';

const surveyCount = Number(process.env.BENCH_ERASURE_ROWS ?? 1_000_000);
const people = 10;
const surveysPerPerson = 3;

const database = await benchDatabase();
const server = benchServer(database.url, { dataDir: `/tmp/${database.name}`, readyTimeoutMs: 900_000 });

const db = new pg.Client({ connectionString: database.url });
const personEmail = (index) => `person-${index}@bench.test`;

async function seed(workspaceId) {
  const seedStart = Date.now();
  const questions = [
    { id: randomUUID(), type: 'NetPromoterScore', low: 0, high: 10 },
    { id: randomUUID(), type: 'StarRatingScale', low: 1, high: 5 },
    { id: randomUUID(), type: 'NumericScale', low: 1, high: 7 },
  ];
  const planId = randomUUID();
  const definition = JSON.stringify({
    properties: [{ id: planId, type: 'Text', label: 'Plan' }],
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
    `insert into templates (workspace_id, kind, name) values ($1, 'survey', 'Bench erasure') returning id`,
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
  // Surveys g = 1..people*surveysPerPerson belong to the ten respondents (person g % people);
  // person 0's surveys also carry a phone number.
  const owned = people * surveysPerPerson;
  const email = `case when g <= ${owned} then 'person-' || (g % ${people}) || '@bench.test' else 'r' || g || '@bench.test' end`;
  const methods = `case when g <= ${owned} and g % ${people} = 0
      then jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', ${email}),
        jsonb_build_object('contactMethodType', 'phone', 'phoneNumber', '+15551230000'))
      else jsonb_build_array(jsonb_build_object('contactMethodType', 'email', 'emailAddress', ${email})) end`;
  for (let done = 0; done < surveyCount; done += 100_000) {
    const count = Math.min(100_000, surveyCount - done);
    await db.query(
      `with inserted as (
         insert into surveys (workspace_id, template_id, template_version_id, state, contact_methods, properties,
           responses, sent_at, completed_at, expires_at, composite_percentage, question_scores, scored_question_count,
           language, created_at, updated_at)
         select $1, $2, $3, 'COMPLETE', ${methods}, jsonb_build_object('${planId}', 'Plan ' || (g % 50)),
           ${responses}, sent, sent + interval '1 hour', sent + interval '30 days',
           ${composite}, ${scores}, ${questions.length}, 'en', sent, sent + interval '1 hour'
         from (select g, now() - g * interval '20 seconds' as sent, ${answerColumns}
               from generate_series($4::int, $5::int) g) answers
         returning id, workspace_id, contact_methods, sent_at
       )
       insert into outbox_messages (workspace_id, channel, purpose, recipient, subject, text_body, status, sent_at, survey_id)
       select workspace_id, 'email', 'survey-invitation', contact_methods->0->>'emailAddress', 'Your visit',
         'Tell us about your visit: http://localhost/s/' || id, 'sent', sent_at, id
       from inserted`,
      [workspaceId, template.id, version.id, done + 1, done + count],
    );
  }
  await db.query(`
    insert into contacts (workspace_id, email_address, last_surveyed_at)
    select distinct on (contact_methods->0->>'emailAddress') workspace_id, contact_methods->0->>'emailAddress', sent_at
    from surveys where contact_methods->0->>'emailAddress' like 'person-%'`);
  await db.query(
    `
    insert into suppressed_contacts (workspace_id, contact, contact_type, reason)
    values ($1, $2, 'email', 'unsubscribed')`,
    [workspaceId, personEmail(1)],
  );
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
    `insert into response_segment_stats (template_id, property_id, value_key, question_id, workspace_id, value,
       count, composite_count, composite_sum, composite_squares)
     select template_id, $1, lower(properties->>$1), '', workspace_id, min(properties->>$1), count(*),
       count(composite_percentage), coalesce(sum(composite_percentage), 0), coalesce(sum(composite_percentage ^ 2), 0)
     from surveys group by template_id, lower(properties->>$1), workspace_id`,
    [planId],
  );
  await db.query('vacuum analyze');
  return { template, seedSeconds: (Date.now() - seedStart) / 1000 };
}

try {
  await server.start();
  const staff = await signUpStaff(server.base);
  const workspaceId = staff.startup.workspaces[0].workspaceId;
  await db.connect();
  const { template, seedSeconds } = await seed(workspaceId);
  await server.stop();
  await server.start();
  const url = server.base;
  const headers = {
    'content-type': 'application/json',
    cookie: staff.cookie,
    ...staff.xsrfHeader,
    'x-workspace-id': workspaceId,
  };
  async function timed(method, path, body) {
    const start = performance.now();
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { elapsed, text };
  }
  const search = await timed('GET', `/api/privacy/respondent?contact=${personEmail(1)}`);
  const found = JSON.parse(search.text).counts;
  if (found.surveys !== surveysPerPerson) throw new Error(`search found ${JSON.stringify(found)}`);
  const exportJson = await timed(
    'GET',
    `/api/privacy/respondent/export?contact=${personEmail(1)}&format=json`,
  );
  const exportZip = await timed('GET', `/api/privacy/respondent/export?contact=${personEmail(1)}&format=csv`);
  const before = await db.query(
    'select completed_count, composite_sum from response_template_stats where template_id = $1',
    [template.id],
  );

  const runs = { figures: [], answers: [] };
  for (let index = 0; index < people; index += 1) {
    const eraseAnswers = index >= people / 2;
    // Person 0 by phone number (three surveys carry it), the others by e-mail address.
    const contact = index === 0 ? '(555) 123-0000' : personEmail(index);
    const result = await timed('POST', '/api/privacy/erasures', { contact, eraseAnswers });
    const body = JSON.parse(result.text);
    const touched = body.surveysErased + body.surveysRemoved;
    if (touched !== surveysPerPerson) throw new Error(`erasure of ${contact}: ${result.text}`);
    runs[eraseAnswers ? 'answers' : 'figures'].push(result.elapsed);
  }
  const after = await db.query(
    'select completed_count, composite_sum from response_template_stats where template_id = $1',
    [template.id],
  );
  const left = await db.query(
    `select (select count(*) from surveys where contact_methods::text like '%person-%') as surveys,
       (select count(*) from outbox_messages where recipient like 'person-%') as messages,
       (select count(*) from contacts where email_address like 'person-%') as contacts`,
  );
  const removedCount = (people / 2) * surveysPerPerson;
  if (Number(before.rows[0].completed_count) - Number(after.rows[0].completed_count) !== removedCount)
    throw new Error(
      `completed count moved from ${before.rows[0].completed_count} to ${after.rows[0].completed_count}`,
    );
  if (Object.values(left.rows[0]).some((value) => Number(value) !== 0))
    throw new Error(`left behind: ${JSON.stringify(left.rows[0])}`);

  const sorted = (values) => [...values].sort((a, b) => a - b);
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\nerasure on PostgreSQL: one respondent's ${surveysPerPerson} surveys among ${surveyCount.toLocaleString('en-US')} completed surveys with ${surveyCount.toLocaleString('en-US')} outbox messages (seeded in ${seedSeconds.toFixed(0)} s; load average ${load})\n`,
  );
  console.log('| measure | times (ms, in order) | max | aim |');
  console.log('|---|---|---|---|');
  const line = (label, values, aim) =>
    console.log(
      `| ${label} | ${values.map((value) => value.toFixed(0)).join(', ')} | ${ms(sorted(values).at(-1))} | ${aim} |`,
    );
  line('search by e-mail address', [search.elapsed], '-');
  line('access request: JSON / zip of CSVs', [exportJson.elapsed, exportZip.elapsed], '-');
  line('erase, answers kept as figures (first by phone)', runs.figures, '< 1 s');
  line('erase with answers (aggregates corrected)', runs.answers, '< 1 s');
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await database.end();
}
