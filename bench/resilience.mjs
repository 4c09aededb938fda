// `node bench/resilience.mjs` (after `npm run build`): the faults of decision 014, against the
// real parts. It creates its own PostgreSQL cluster (pg_createcluster, on a free port), its own
// redis-server and a counting SMTP server, starts two web processes (WORKER=off) and one worker,
// then restarts, stops and cuts those dependencies under load and prints what users met: failed
// requests, seconds to recover, acknowledged writes lost, messages lost or doubled. Nothing it
// does touches the machine's main PostgreSQL or Redis. Needs root (pg_createcluster).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, signUpStaff, waitFor } from './lib.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
const clusterName = `graphium_resilience_${process.pid}`;
const results = [];

// ---- the dependencies ----------------------------------------------------------------------

function pgctl(...args) {
  execFileSync('pg_ctlcluster', [version, clusterName, ...args], { stdio: 'ignore' });
}

async function startCluster() {
  const port = await freePort();
  execFileSync('pg_createcluster', [version, clusterName, '-p', String(port)], { stdio: 'ignore' });
  const hba = `/etc/postgresql/${version}/${clusterName}/pg_hba.conf`;
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n');
  pgctl('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database graphium');
  await admin.end();
  return `postgres://postgres@127.0.0.1:${port}/graphium`;
}

function dropCluster() {
  try {
    execFileSync('pg_dropcluster', [version, clusterName, '--stop'], { stdio: 'ignore' });
  } catch {}
}

async function startRedis(port) {
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50; i += 1) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      return redis;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('redis-server did not start');
}

/** A counting SMTP server that can be taken down and brought back on the same port. */
async function startMailServer(port) {
  const received = [];
  let server;
  const open = () =>
    new Promise((resolve) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          stream.on('end', () => {
            for (const to of session.envelope.rcptTo) received.push(to.address);
            callback();
          });
          stream.resume();
        },
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    down: () => new Promise((resolve) => server.close(resolve)),
    up: open,
  };
}

// ---- the application ------------------------------------------------------------------------

const serverEntry = (name) => fileURLToPath(new URL(`../apps/server/dist/${name}.js`, import.meta.url));

function startProcess(name, env) {
  const child = spawn(process.execPath, [serverEntry(name)], {
    env: { ...process.env, LOG_LEVEL: 'warn', WEB_DIST_DIR: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.exited = false;
  child.on('exit', () => {
    child.exited = true;
  });
  child.stderr.resume();
  return child;
}

/** Seconds until every base answers its health with 200. */
async function secondsToServe(bases, since) {
  for (;;) {
    const codes = await Promise.all(
      bases.map((base) =>
        fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
          .then((response) => response.status)
          .catch(() => 0),
      ),
    );
    if (codes.every((code) => code === 200)) return (Date.now() - since) / 1000;
    if (Date.now() - since > 60_000) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

// ---- load: respondents saving, each on surveys of their own ---------------------------------

function respondentLoad({ bases, surveyIds, textId, headers, writers = 20 }) {
  const acknowledged = new Map();
  const counts = { ok: 0, unavailable: 0, other: 0, network: 0, statuses: {} };
  let running = true;
  const loops = Array.from({ length: writers }, async (_, writer) => {
    const own = surveyIds.filter((_, index) => index % writers === writer);
    for (let sequence = 1; running; sequence += 1) {
      const surveyId = own[sequence % own.length];
      const base = bases[(writer + sequence) % bases.length];
      try {
        const response = await fetch(`${base}/api/surveys/${surveyId}`, {
          method: 'PATCH',
          // Respondents come from many addresses: the per-address limit is not what is measured.
          headers: {
            ...headers,
            'x-forwarded-for': `10.${writer}.${(sequence >> 8) & 255}.${sequence & 255}`,
          },
          body: JSON.stringify({ surveyResponses: { [textId]: `${writer}:${sequence}` } }),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          counts.ok += 1;
          acknowledged.set(surveyId, sequence);
        } else if (response.status === 503) {
          counts.unavailable += 1;
          await sleep(200);
        } else {
          counts.other += 1;
          await sleep(200);
          counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
        }
      } catch {
        counts.network += 1;
        await sleep(200);
      }
    }
  });
  return {
    counts,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Acknowledged saves missing from the database: a stored answer older than the last 200. */
async function lostWrites(databaseUrl, acknowledged, textId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select id, responses from surveys where id = any($1)', [
    [...acknowledged.keys()],
  ]);
  await client.end();
  let lost = 0;
  for (const row of rows) {
    const stored = Number(String(row.responses?.[textId] ?? '0:0').split(':')[1]);
    if (stored < acknowledged.get(row.id)) lost += 1;
  }
  return lost;
}

// ---- the run ---------------------------------------------------------------------------------

const databaseUrl = await startCluster();
const redisPort = await freePort();
let redis = await startRedis(redisPort);
const mail = await startMailServer(await freePort());
const ports = [await freePort(), await freePort()];
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  SMTP_URL: mail.url,
  DATA_DIR: `/tmp/${clusterName}`,
};
const processes = [];
try {
  for (const port of ports)
    processes.push(startProcess('main', { ...env, PORT: String(port), WORKER: 'off' }));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all(bases.map((base) => waitFor(`${base}/api/health`)));
  processes.push(startProcess('worker', env));
  const alive = () => processes.filter((child) => !child.exited).length;

  const { call, xsrf, xsrfHeader } = await signUpStaff(bases[0]);
  const textId = randomUUID();
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: 'Resilience' });
  const versionId = template.surveyTemplateVersionId;
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      questions: [{ id: textId, type: 'ShortTextEntry', question: 'Anything else?', label: 'Note' }],
    },
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  const sendSurveys = async (count, prefix) => {
    const rows = Array.from({ length: count }, (_, index) => ({
      emailAddress: `${prefix}.${index}@example.com`,
    }));
    const reply = await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
    return reply;
  };
  await sendSurveys(60, 'respondent');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const surveyIds = (await client.query('select id from surveys')).rows.map((row) => row.id);
  await client.end();
  const headers = { 'content-type': 'application/json', cookie: xsrf, ...xsrfHeader };

  const databaseFault = async (name, fault) => {
    const load = respondentLoad({ bases, surveyIds, textId, headers });
    await sleep(3000);
    await fault();
    const back = Date.now();
    const recovered = await secondsToServe(bases, back);
    await sleep(3000);
    await load.stop();
    const lost = await lostWrites(databaseUrl, load.acknowledged, textId);
    const { ok, unavailable, other, network, statuses } = load.counts;
    if (other > 0) console.log(name, 'other statuses', statuses);
    results.push([
      name,
      `${ok} saved, ${unavailable} answered 503, ${other} other errors, ${network} cut in flight`,
      `${recovered.toFixed(1)} s`,
      `${lost} lost`,
      `${alive()} of 3 processes up`,
    ]);
  };

  await databaseFault('PostgreSQL restart, fast shutdown', async () => pgctl('restart', '-m', 'fast'));
  await databaseFault('PostgreSQL restart, immediate shutdown', async () =>
    pgctl('restart', '-m', 'immediate'),
  );
  await databaseFault('PostgreSQL down for 20 s', async () => {
    pgctl('stop', '-m', 'immediate');
    await sleep(20_000);
    pgctl('start');
  });
  await databaseFault('pg_terminate_backend of every connection', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'graphium' and pid <> pg_backend_pid()",
    );
    await admin.end();
  });

  // Redis away: sign-in attempts (wrong password) must answer 401, never 500.
  redis.kill('SIGKILL');
  await sleep(1000);
  const statuses = [];
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${bases[attempt % 2]}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ emailAddress: 'nobody@example.com', password: 'Wr0ng!pass' }),
    });
    statuses.push(response.status);
  }
  const health = await (await fetch(`${bases[0]}/api/health`)).json();
  redis = await startRedis(redisPort);
  const redisBack = Date.now();
  for (;;) {
    const body = await (await fetch(`${bases[1]}/api/health`)).json();
    if (body.rateLimits === 'shared' || Date.now() - redisBack > 30_000) break;
    await sleep(100);
  }
  const count = (code) => statuses.filter((status) => status === code).length;
  results.push([
    'Redis killed, 40 sign-in attempts',
    `${count(401)} answered 401, ${count(429)} 429, ${count(500)} 500; health ${health.status}`,
    `${((Date.now() - redisBack) / 1000).toFixed(1)} s to shared counters`,
    '—',
    `${alive()} of 3 processes up`,
  ]);

  // The mail server away for 60 s while 50 surveys are sent.
  await mail.down();
  const sentAt = Date.now();
  await sendSurveys(50, 'outage');
  await sleep(60_000);
  await mail.up();
  const deadline = Date.now() + 5 * 60_000;
  const outage = () => mail.received.filter((address) => address.startsWith('outage.'));
  while (new Set(outage()).size < 50 && Date.now() < deadline) await sleep(500);
  const arrived = new Set(outage()).size;
  results.push([
    'mail server down 60 s while 50 surveys are sent',
    `${arrived} of 50 arrived, ${outage().length - arrived} twice`,
    `${((Date.now() - sentAt) / 1000 - 60).toFixed(0)} s after it came back`,
    `${50 - arrived} lost`,
    `${alive()} of 3 processes up`,
  ]);
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await sleep(1500);
  redis.kill('SIGKILL');
  await mail.down().catch(() => {});
  dropCluster();
}

console.log('\n| fault | requests or messages | recovered | acknowledged writes | processes |');
console.log('|---|---|---|---|---|');
for (const row of results) console.log(`| ${row.join(' | ')} |`);
process.exit(0);
