// `npm run bench`: GET /api/accounts/startup with a valid session on PostgreSQL, next to a plain
// Fastify route, at 50 connections. Prints requests/s, p50 and p99 latency and the ratio.
import {
  connections,
  duration,
  respondentAim,
  respondentAims,
  run,
  signUpStaff,
  startBenchServer,
  startPlainServer,
} from './lib.mjs';

const bench = await startBenchServer();
let plain;
try {
  const { base } = bench;
  const { cookie } = await signUpStaff(base);

  plain = await startPlainServer();

  // Warm both up so that neither pays for JIT compilation in the measurement.
  await run('warm-up', { url: `${base}/api/accounts/startup`, headers: { cookie }, duration: 2 });
  await run('warm-up', { url: plain.url, duration: 2 });

  const plainResult = await run('plain Fastify route', { url: plain.url });
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
  console.log(
    `\nratio startup / plain: ${(ratio * 100).toFixed(1)}% (aim: ${respondentAim('startup / plain', respondentAims.startup, startupResult, plainResult)})`,
  );
} finally {
  plain?.stop();
  await bench.stop();
}
