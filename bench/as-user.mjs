// What a user gets: the built server started as `npm start` starts it (embedded database, web app
// served, default settings, a fresh data directory), loaded by Debian's `wrk` (1 thread, 50
// connections, 10 s) beside the plain Fastify route in the same run. Prints each route's rate as
// a ratio of the plain route's. Needs `wrk` (`apt-get install -y wrk`) and `npm run build` first.
//
// One setting differs from the defaults: the per-address limit of link starts
// (PUBLIC_LINK_RATE_LIMIT, 20 a minute), since every request here comes from one address.
//
// `node as-user.mjs --postgres` runs the same server on a new PostgreSQL database instead
// (BENCH_DATABASE_URL's server, 127.0.0.1:5432 by default), dropped at the end; the comparison with
// bare PGlite is then left out.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import {
  benchDatabase,
  freePort,
  npsAndText,
  publishTemplate,
  respondentAim,
  respondentAims,
  signUpStaff,
  startPlainServer,
  waitFor,
} from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const surveysToAnswer = 2_000;

const onPostgres = process.argv.includes('--postgres');
if (spawnSync('wrk', ['-v']).error) {
  // `npm run bench` goes on with the other benchmarks; this one says what it needs.
  console.log('wrk is not installed (apt-get install -y wrk): the figures as a user gets them are skipped');
  process.exit(0);
}
const dataDir = await mkdtemp(join(tmpdir(), 'graphium-as-user-'));
const port = await freePort();
const { DATABASE_URL: _ignored, ...environment } = process.env;
const database = onPostgres ? await benchDatabase() : undefined;
if (database) environment.DATABASE_URL = database.url;
const engine = database ? 'PostgreSQL' : 'embedded database';
const server = spawn(
  process.execPath,
  [
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)),
  ],
  {
    env: { ...environment, PORT: String(port), DATA_DIR: dataDir, PUBLIC_LINK_RATE_LIMIT: '100000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
let plain;
let results = [];
let ids = [];

/** A wrk run of `script` (Lua) against `url`; its rate and latency percentiles. */
async function wrk(title, url, script, runSeconds = seconds) {
  const file = join(dataDir, `${title.replace(/\W+/g, '-')}.lua`);
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(
    'wrk',
    ['-t1', `-c${connections}`, `-d${runSeconds}s`, '--latency', '-s', file, url],
    { maxBuffer: 1 << 20 },
  );
  const milliseconds = (label) => {
    const match = stdout.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!match) return Number.NaN;
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
  };
  const failures = stdout.match(/Non-2xx or 3xx responses: (\d+)/);
  if (failures) throw new Error(`${title}: ${failures[1]} answers were not 2xx\n${stdout}`);
  const requestsPerSecond = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  return { title, requestsPerSecond, p50: milliseconds('50'), p99: milliseconds('99') };
}

/** The aims on PostgreSQL for each route measured, met or not. */
function printAims(plainResult) {
  console.log('');
  for (const [title, routeAim] of [
    ['GET /api/accounts/startup', respondentAims.startup],
    ['GET /api/surveys/{id}', respondentAims.get],
    ['PATCH /api/surveys/{id}', respondentAims.save],
  ]) {
    const result = results.find((candidate) => candidate.title.startsWith(title));
    if (result)
      console.log(`${title}: aim ${respondentAim(`${title} under wrk`, routeAim, result, plainResult)}`);
  }
}

const lua = (value) => JSON.stringify(value);
const headerLines = (headers) =>
  Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');

try {
  await waitFor(`${base}/api/health`, 60_000);
  const { call, cookie, xsrf, xsrfHeader } = await signUpStaff(base);
  const { npsId, textId, questions } = npsAndText();
  const template = await publishTemplate(call, 'As a user', {
    properties: [{ id: crypto.randomUUID(), type: 'Text', label: 'Plan', hiddenField: true }],
    questions,
  });
  const slug = `as-user-${Date.now().toString(36)}`;
  await call('POST', '/api/public-links', {
    surveyTemplateId: template.templateId,
    name: 'Site',
    slug,
  });
  const respondent = { cookie: xsrf, ...xsrfHeader, 'content-type': 'application/json' };
  const start = JSON.stringify({ parameters: { plan: 'pro' }, website: '' });
  // The surveys respondents answer, spread as real ones are.
  ids = [];
  for (let index = 0; index < surveysToAnswer; index += 1) {
    const response = await fetch(`${base}/api/s/${slug}/surveys`, {
      method: 'POST',
      headers: respondent,
      body: start,
    });
    if (!response.ok) throw new Error(`link start: ${response.status} ${await response.text()}`);
    ids.push((await response.json()).surveyId);
  }
  plain = await startPlainServer();

  const everySurvey = `local ids = {${ids.map(lua).join(',')}}\nlocal next = 0\n`;
  const runs = [
    ['plain Fastify route', plain.url, ''],
    ['GET /api/accounts/startup', `${base}/api/accounts/startup`, headerLines({ cookie })],
    [
      'GET /api/surveys/{id}',
      base,
      `${headerLines({ cookie: xsrf })}\n${everySurvey}request = function()\n  next = next % #ids + 1\n  return wrk.format('GET', '/api/surveys/' .. ids[next])\nend`,
    ],
    [
      'PATCH /api/surveys/{id} (two answers)',
      base,
      `${headerLines(respondent)}\n${everySurvey}request = function()\n  next = next % #ids + 1\n  local body = '{"surveyResponses":{"${npsId}":' .. math.random(0, 10) .. ',"${textId}":"Ada"}}'\n  return wrk.format('PATCH', '/api/surveys/' .. ids[next], nil, body)\nend`,
    ],
    [
      'POST /api/s/{slug}/surveys (a new survey each)',
      `${base}/api/s/${slug}/surveys`,
      `${headerLines(respondent)}\nwrk.method = 'POST'\nwrk.body = ${lua(start)}`,
    ],
  ];
  results = [];
  const only = process.env.BENCH_ROUTES; // e.g. BENCH_ROUTES=GET: the routes whose title includes it
  for (const [title, url, script] of runs.filter(
    ([title], index) => index === 0 || !only || title.includes(only),
  )) {
    await wrk(`warm-up ${title}`, url, script, 2); // JIT and caches warm, not measured
    results.push(await wrk(title, url, script));
  }
  const [plainResult] = results;
  console.log(`\nwrk -t1 -c${connections} -d${seconds}s; the server as \`npm start\` runs it (${engine})\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | ratio to plain |');
  console.log('|---|---|---|---|---|');
  for (const result of results) {
    const ratio = result.requestsPerSecond / plainResult.requestsPerSecond;
    console.log(
      `| ${result.title} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${ratio.toFixed(3)}x |`,
    );
  }
  if (database) printAims(plainResult);
} finally {
  plain?.stop();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database?.end();
}

if (database) {
  await rm(dataDir, { recursive: true, force: true });
} else {
  // Bare PGlite doing the routes' own statements on the same data directory (the server stopped),
  // one after another as the server's engine runs them: the embedded database's yardstick
  // (docs/decisions/039-embedded-named-statements.md). The texts are the ones drizzle sends for the respondent GET and the save
  // (apps/server/src/modules/surveys/surveys.repository.ts); keep them in step.
  const getStatement = `select "surveys"."id", "surveys"."workspace_id", "surveys"."template_version_id", "surveys"."state",
    "surveys"."properties", "surveys"."responses", "surveys"."expires_at", "templates"."name", "logos"."sha256",
    coalesce(("template_versions"."settings"->>'showEstimatedTime')::boolean, false)
    from "surveys" inner join "templates" on "templates"."id" = "surveys"."template_id"
    inner join "template_versions" on "template_versions"."id" = "surveys"."template_version_id"
    inner join "workspaces" on "workspaces"."id" = "surveys"."workspace_id"
    left join "logos" on "logos"."customer_id" = "workspaces"."customer_id" where "surveys"."id" = $1`;
  const saveStatement = `update "surveys" set "state" = 'IN_PROGRESS',
    "responses" = ("surveys"."responses" || $1::jsonb) - array(select jsonb_array_elements_text($2::jsonb)),
    "language" = coalesce($3::text, "surveys"."language"), "updated_at" = $4::timestamptz
    where ("surveys"."id" = $5 and "surveys"."state" <> 'COMPLETE' and "surveys"."expires_at" > $4::timestamptz)
    returning "state", "responses"`;
  const bare = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  /** Statements a second for `seconds`, each call waiting for the one before. */
  async function statementsPerSecond(run, seconds = 5) {
    const end = Date.now() + seconds * 1000;
    let count = 0;
    while (Date.now() < end) {
      await run(ids[count % ids.length]);
      count += 1;
    }
    return count / seconds;
  }
  const bareGet = await statementsPerSecond((id) => bare.query(getStatement, [id]));
  const bareSave = await statementsPerSecond((id) =>
    bare.query(saveStatement, [JSON.stringify({}), JSON.stringify([]), null, new Date().toISOString(), id]),
  );
  await bare.close();
  await rm(dataDir, { recursive: true, force: true });
  const served = (title) => results.find((result) => result.title.startsWith(title))?.requestsPerSecond;
  console.log('\n| route | server requests/s | bare PGlite statements/s (`query`) | server / bare |');
  console.log('|---|---|---|---|');
  for (const [title, bareRate] of [
    ['GET /api/surveys/{id}', bareGet],
    ['PATCH /api/surveys/{id}', bareSave],
  ]) {
    const rate = served(title);
    if (rate === undefined) continue;
    console.log(
      `| ${title} | ${rate.toFixed(0)} | ${bareRate.toFixed(0)} | ${((rate / bareRate) * 100).toFixed(0)}% |`,
    );
  }
}
