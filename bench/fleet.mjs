// The parts a fleet of Graphium processes runs on, for the benchmarks that restart, kill and cut
// them (`resilience.mjs`, `scale-out.mjs`): a PostgreSQL cluster of its own (pg_createcluster, needs
// root), redis-server, a counting SMTP server, the built server's processes, and a respondent load
// that remembers every acknowledged save.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { publishTemplate } from './lib.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const version = readdirSync('/usr/lib/postgresql').sort().at(-1);

/** A PostgreSQL cluster of its own on a free port, with a `graphium` database. */
export async function startCluster(clusterName, port) {
  const pgctl = (...args) =>
    execFileSync('pg_ctlcluster', [version, clusterName, ...args], { stdio: 'ignore' });
  execFileSync('pg_createcluster', [version, clusterName, '-p', String(port)], { stdio: 'ignore' });
  const hba = `/etc/postgresql/${version}/${clusterName}/pg_hba.conf`;
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n');
  pgctl('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database graphium');
  await admin.end();
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/graphium`,
    pgctl,
    drop() {
      try {
        execFileSync('pg_dropcluster', [version, clusterName, '--stop'], { stdio: 'ignore' });
      } catch {}
    },
  };
}

export async function startRedis(port) {
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

/**
 * A counting SMTP server that can be taken down and brought back on the same port; `host` is the
 * address it listens on (every address, for containers to reach it).
 */
export async function startMailServer(port, host = '127.0.0.1') {
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
      // A client that resets its connection (a worker killed mid-message) is no reason to stop.
      server.on('error', () => {});
      server.listen(port, host, resolve);
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

export const serverEntry = (name) =>
  fileURLToPath(new URL(`../apps/server/dist/${name}.js`, import.meta.url));

export function startProcess(name, env) {
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
export async function secondsToServe(bases, since) {
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

export function respondentLoad({ bases, surveyIds, textId, headers, writers = 20 }) {
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
export async function lostWrites(databaseUrl, acknowledged, textId) {
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

/** Sends `count` surveys of the template in one bulk call. */
export function sender(call, versionId) {
  return (count, prefix) =>
    call('POST', '/api/surveys/bulk', {
      surveyTemplateVersionId: versionId,
      rows: Array.from({ length: count }, (_, index) => ({ emailAddress: `${prefix}.${index}@example.com` })),
    });
}

/** A published template with one text question, for respondents to save answers to. */
export async function textTemplate(call) {
  const textId = randomUUID();
  const { templateId, versionId } = await publishTemplate(call, 'Resilience', {
    questions: [{ id: textId, type: 'ShortTextEntry', question: 'Anything else?', label: 'Note' }],
  });
  return { textId, versionId, templateId };
}
