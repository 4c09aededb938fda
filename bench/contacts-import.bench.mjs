// A CSV import of BENCH_CONTACT_ROWS (default 100,000) contacts through the real routes
// (docs/decisions/038-contacts.md): upload, start, and the job's progress asked every 250 ms until
// it finishes. The goal is under 60 s. Measured on PostgreSQL and on the embedded database (PGlite),
// each twice: a first import that creates the contacts, then the same file again, which updates
// every one of them (the ratio between the two is printed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { aim, freePort, signUpStaff, startBenchServer, waitFor } from './lib.mjs';

const rowCount = Number(process.env.BENCH_CONTACT_ROWS ?? 100_000);
const goalSeconds = 60;

/** Four columns and two attributes; one row in a hundred has a bad e-mail address. */
function buildCsv() {
  const lines = ['Email,Phone,Name,Plan,Seats'];
  for (let index = 0; index < rowCount; index += 1) {
    const email = index % 100 === 99 ? `not-an-address-${index}` : `person.${index}@example.com`;
    const phone = `555${String(1_000_000 + index).slice(-7)}`;
    lines.push(`${email},${phone},Person ${index},${index % 3 === 0 ? 'Pro' : 'Free'},${index % 50}`);
  }
  return `${lines.join('\n')}\n`;
}

async function importOnce(call, csv) {
  const started = Date.now();
  const preview = await call('POST', '/api/contacts/imports', { csv, fileName: 'bench.csv' });
  const uploadedMs = Date.now() - started;
  const importId = preview.import.importId;
  await call('POST', `/api/contacts/imports/${importId}/start`, { mapping: preview.suggestedMapping });
  let current;
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await call('GET', `/api/contacts/imports/${importId}`);
  } while (current.status === 'running');
  const seconds = (Date.now() - started) / 1000;
  if (current.status !== 'finished') throw new Error(`import ended ${current.status}`);
  return { seconds, uploadedMs, current };
}

async function measure(label, base) {
  const { call } = await signUpStaff(base);
  await call('POST', '/api/contacts/attributes', { name: 'plan', displayName: 'Plan', type: 'STRING' });
  await call('POST', '/api/contacts/attributes', { name: 'seats', displayName: 'Seats', type: 'NUMBER' });
  const csv = buildCsv();
  const first = await importOnce(call, csv);
  const second = await importOnce(call, csv);
  const line = (name, run) =>
    `  ${name}: ${run.seconds.toFixed(1)} s (${Math.round(rowCount / run.seconds).toLocaleString('en-US')} rows/s; upload and preview ${run.uploadedMs} ms) — created ${run.current.createdCount}, updated ${run.current.updatedCount}, rejected ${run.current.rejectedCount}`;
  console.log(
    `${label}, ${rowCount.toLocaleString('en-US')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB):`,
  );
  console.log(line('new contacts', first));
  console.log(line('same file again (updates)', second));
  console.log(`  updates / creates time ratio: ${(second.seconds / first.seconds).toFixed(2)}`);
  const worst = Math.max(first.seconds, second.seconds);
  console.log(`  ${aim(`${label} import`, `under ${goalSeconds} s`, worst < goalSeconds)}`);
  return worst < goalSeconds;
}

async function startEmbeddedServer() {
  const dataDir = `/tmp/graphium_bench_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const { DATABASE_URL: _unused, ...env } = process.env;
  const server = spawn(
    process.execPath,
    [fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url))],
    {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 60_000);
  return {
    base,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let passed = true;
const postgres = await startBenchServer();
try {
  passed = (await measure('PostgreSQL', postgres.base)) && passed;
} finally {
  await postgres.stop();
}
if (process.env.BENCH_CONTACTS_EMBEDDED !== 'off') {
  const embedded = await startEmbeddedServer();
  try {
    passed = (await measure('Embedded (PGlite)', embedded.base)) && passed;
  } finally {
    await embedded.stop();
  }
}
process.exitCode = passed ? 0 : 1;
