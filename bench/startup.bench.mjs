// `npm run bench`: GET /api/accounts/startup with a valid session on PostgreSQL, next to a plain
// Fastify route, at 50 connections. Prints requests/s, p50 and p99 latency and the ratio.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, connections, duration, freePort, run, signUpStaff, waitFor } from './lib.mjs';

const databaseName = `graphium_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

const children = [];
try {
  const serverPort = await freePort();
  const server = spawn(
    process.execPath,
    [fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        PORT: String(serverPort),
        DATA_DIR: `/tmp/${databaseName}`,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(server);
  const base = `http://127.0.0.1:${serverPort}`;
  await waitFor(`${base}/api/health`);

  const { cookie } = await signUpStaff(base);

  const plainPort = await freePort();
  const plain = fork(fileURLToPath(new URL('./plain-server.mjs', import.meta.url)), {
    env: { ...process.env, PORT: String(plainPort) },
  });
  children.push(plain);
  await new Promise((resolve) => plain.once('message', resolve));

  // Warm both up so that neither pays for JIT compilation in the measurement.
  await run('warm-up', { url: `${base}/api/accounts/startup`, headers: { cookie }, duration: 2 });
  await run('warm-up', { url: `http://127.0.0.1:${plainPort}/plain`, duration: 2 });

  const plainResult = await run('plain Fastify route', { url: `http://127.0.0.1:${plainPort}/plain` });
  const startupResult = await run('GET /api/accounts/startup', {
    url: `${base}/api/accounts/startup`,
    headers: { cookie },
  });

  const ratio = startupResult.requestsPerSecond / plainResult.requestsPerSecond;
  console.log(`\n${connections} connections, ${duration} s each, server on PostgreSQL\n`);
  console.log('| route | requests/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|');
  for (const result of [plainResult, startupResult]) {
    console.log(
      `| ${result.title} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} |`,
    );
  }
  console.log(`\nratio startup / plain: ${(ratio * 100).toFixed(1)}% (aim: 10% or more, p99 under 25 ms)`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
