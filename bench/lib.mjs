// Helpers shared by the benchmarks: databases, servers, ports, cookies, timings and autocannon runs.
import { fork, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
}

/** One autocannon run; any non-2xx answer or error fails the benchmark. */
export function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      }
      resolve({
        title,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
      });
    });
  });
}

/**
 * An aim as a benchmark prints it: `text`, then "met" or "NOT MET". A miss is also written to
 * BENCH_MISSES_FILE, which `all.mjs` (`npm run bench`) lists when the suite ends: a figure that
 * slips is seen, not left in the middle of the output.
 */
export function aim(label, text, isMet) {
  const file = process.env.BENCH_MISSES_FILE;
  if (!isMet && file) appendFileSync(file, `${basename(process.argv[1] ?? '')}: ${label}: aim ${text}\n`);
  return `${text}: ${isMet ? 'met' : 'NOT MET'}`;
}

/**
 * The aims of the respondent calls and the staff page's startup call: shares of the plain route's
 * rate measured in the same run, and p99s in milliseconds. The autocannon benches and `as-user.mjs`
 * (wrk) judge by the same ones.
 */
export const respondentAims = {
  startup: { share: 0.5 },
  get: { share: 0.3, p99Ms: 10 },
  save: { share: 0.15, p99Ms: 15 },
};

/** `result` (requests/s and p99) against an aim of `respondentAims`, as `aim()` prints it. */
export function respondentAim(label, { share, p99Ms }, result, plainResult) {
  const latency = p99Ms === undefined ? '' : `, p99 under ${p99Ms} ms`;
  const isMet =
    result.requestsPerSecond / plainResult.requestsPerSecond >= share &&
    (p99Ms === undefined || result.p99 < p99Ms);
  return aim(label, `${share * 100}% of the plain route or more${latency}`, isMet);
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * The benchmark's PostgreSQL database: a new `<prefix><hex>` one, or `reuse`, the name of a kept
 * one. `end()` drops a new one unless the environment variable `keepVariable` is set; it never
 * drops a reused one.
 */
export async function benchDatabase(
  reuse,
  { prefix = 'graphium_bench_', keepVariable = 'BENCH_KEEP_DATABASE' } = {},
) {
  const name = reuse ?? `${prefix}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async end() {
      if (reuse || process.env[keepVariable]) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** How to run the server: node's arguments, then the built `main.js`. */
function serverArgs() {
  return [
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    // BENCH_SERVER=<path to main.js> measures another build (a copy of an earlier one, say).
    process.env.BENCH_SERVER ?? fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)),
  ];
}

/**
 * The server on `databaseUrl`, started and stopped as often as a benchmark needs (a restart makes
 * the next request cold). `readyTimeoutMs` is how long a start may take: longer where the server
 * migrates every survey of a kept database first.
 */
export function benchServer(databaseUrl, { dataDir, readyTimeoutMs = 60_000 }) {
  let child;
  let port;
  const base = () => `http://127.0.0.1:${port}`;
  const isRunning = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    get base() {
      return base();
    },
    get pid() {
      return child?.pid;
    },
    get running() {
      return isRunning();
    },
    async start({ worker = false } = {}) {
      port = await freePort();
      child = spawn(process.execPath, serverArgs(), {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: '',
          WORKER: worker ? 'in-process' : 'off',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitFor(`${base()}/api/health`, readyTimeoutMs);
    },
    async stop() {
      if (!isRunning()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A fresh PostgreSQL database and the built server on it (`apps/server/dist`). `stop()` ends the
 * server and drops the database.
 */
export async function startBenchServer({ env = {}, serveWeb = false } = {}) {
  const database = await benchDatabase();
  const port = await freePort();
  const server = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      DATA_DIR: `/tmp/${database.name}`,
      LOG_LEVEL: 'warn',
      ...(serveWeb ? {} : { WEB_DIST_DIR: '' }),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    databaseUrl: database.url,
    server,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await database.admin.query(`drop database if exists ${database.name} with (force)`);
      await database.admin.end();
    },
  };
}

/** Signs a staff member up and answers `call(method, path, body)` acting as them, and the sign-up reply. */
export async function signUpStaff(base) {
  const health = await fetch(`${base}/api/health`);
  const xsrf = cookiesOf(health).find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  const xsrfHeader = { 'x-xsrf-token': xsrf.split('=')[1] };
  const signUp = await fetch(`${base}/api/accounts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, ...xsrfHeader },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      businessName: 'Benchmarks',
      emailAddress: `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Str0ng!pass',
      termsAgreement: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = [xsrf, ...cookiesOf(signUp)].join('; ');
  const startup = await signUp.json();
  /** A staff call; another cookie (a respondent's) may stand in for the staff session. */
  async function call(method, path, body, asCookie = cookie) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: asCookie, ...xsrfHeader },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  }
  return { call, cookie, xsrf, xsrfHeader, startup };
}

/** The plain Fastify route in its own process, the yardstick the ratios are taken against. */
export async function startPlainServer() {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL('./plain-server.mjs', import.meta.url)), {
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/plain`, stop: () => child.kill('SIGTERM') };
}

/** Creates a template, gives it `definition` (and `settings`), publishes it; answers its ids. */
export async function publishTemplate(call, name, definition, settings) {
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: name });
  const versionId = template.surveyTemplateVersionId;
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: definition,
    ...(settings ? { surveyTemplateSettings: settings } : {}),
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  return { templateId: template.surveyTemplateId, versionId };
}

/** The two questions the respondent benches answer: an NPS and a short text. */
export function npsAndText() {
  const npsId = randomUUID();
  const textId = randomUUID();
  return {
    npsId,
    textId,
    questions: [
      { id: npsId, type: 'NetPromoterScore', question: 'How likely are you to recommend us?', label: 'NPS' },
      { id: textId, type: 'ShortTextEntry', question: 'Your name?', label: 'Name' },
    ],
  };
}

/** A local SMTP server that only counts what it receives (no parsing: it must not be the bottleneck). */
export async function startCountingSmtp() {
  const received = { count: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received.count += 1;
        received.last = Date.now();
        received.first ||= received.last;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received, server };
}
