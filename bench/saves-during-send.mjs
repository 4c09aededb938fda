// `node bench/saves-during-send.mjs`: what respondents meet while the same server delivers a bulk
// send. The server runs as `npm start` runs it (its worker in the same process) on PostgreSQL;
// 10,000 invitations (BENCH_SEND_ROWS) go to a local SMTP server while respondents save at a
// steady 100 saves a second (BENCH_SAVE_RATE, 20 connections). Printed per 10-second window: the
// saves' p50 and p99, the messages delivered, and the CPU the server and PostgreSQL used; then the
// same load once the delivery is over, as the yardstick.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { npsAndText, publishTemplate, signUpStaff, startBenchServer, startCountingSmtp } from './lib.mjs';

const sendRows = Number(process.env.BENCH_SEND_ROWS ?? 10_000);
const saveRate = Number(process.env.BENCH_SAVE_RATE ?? 100);
const windowSeconds = 10;

/** CPU seconds a process has used (user and system), from /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process of this machine, by process id. */
function postgresCpu() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) byPid.set(pid, cpuSeconds(pid));
    } catch {}
  }
  return byPid;
}

/** PostgreSQL's CPU seconds since `before` (a process that ended meanwhile is not counted). */
function postgresCpuSince(before) {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const smtp = await startCountingSmtp();
const { received } = smtp;
const bench = await startBenchServer({
  env: { SMTP_URL: smtp.url, WORKER: 'in-process' },
});
try {
  const { call, xsrf, xsrfHeader } = await signUpStaff(bench.base);
  const { npsId, textId, questions } = npsAndText();
  const { versionId } = await publishTemplate(call, 'Saves during a send', { questions });
  // Respondents answer surveys sent earlier (already delivered), as they would during a campaign.
  const earlier = Array.from({ length: 2_000 }, (_, index) => ({
    emailAddress: `earlier.${index}@bench.test`,
  }));
  await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows: earlier });
  while (received.count < earlier.length) await new Promise((resolve) => setTimeout(resolve, 100));
  const database = new pg.Client({ connectionString: bench.databaseUrl });
  await database.connect();
  const ids = (await database.query('select id from surveys')).rows.map((row) => row.id);
  await database.end();

  const saves = (seconds) =>
    autocannon({
      url: bench.base,
      connections: 20,
      overallRate: saveRate,
      duration: seconds,
      requests: [
        {
          method: 'PATCH',
          headers: { cookie: xsrf, ...xsrfHeader, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            path: `/api/surveys/${ids[Math.floor(Math.random() * ids.length)]}`,
            body: JSON.stringify({ surveyResponses: { [npsId]: 7, [textId]: 'Ada Lovelace' } }),
          }),
        },
      ],
    });
  await saves(5); // warm-up

  /** One window of saves; `sending` says whether invitations are still being delivered. */
  async function measureWindow(label) {
    const mailBefore = received.count;
    const serverBefore = cpuSeconds(bench.server.pid);
    const postgresBefore = postgresCpu();
    const result = await saves(windowSeconds);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    const server = (cpuSeconds(bench.server.pid) - serverBefore) / windowSeconds;
    const postgres = postgresCpuSince(postgresBefore) / windowSeconds;
    console.log(
      `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ` +
        `${((received.count - mailBefore) / windowSeconds).toFixed(0)} | ${(server * 100).toFixed(0)}% | ${(postgres * 100).toFixed(0)}% |`,
    );
  }

  const rows = Array.from({ length: sendRows }, (_, index) => ({ emailAddress: `now.${index}@bench.test` }));
  const target = earlier.length + sendRows;
  console.log(
    `\n${saveRate} saves/s on 20 connections while ${sendRows.toLocaleString('en-US')} invitations are delivered by the same process (PostgreSQL)\n`,
  );
  console.log('| window | saves/s | p50 ms | p99 ms | messages/s delivered | server CPU | PostgreSQL CPU |');
  console.log('|---|---|---|---|---|---|---|');
  const sendStart = Date.now();
  await call('POST', '/api/surveys/bulk', { surveyTemplateVersionId: versionId, rows });
  for (let index = 1; received.count < target; index += 1) {
    await measureWindow(`during the send, ${(index - 1) * windowSeconds}-${index * windowSeconds} s`);
    if (Date.now() - sendStart > 600_000) throw new Error('the send did not finish in 10 minutes');
  }
  await measureWindow('after the send');
  console.log(
    `\n${sendRows.toLocaleString('en-US')} invitations queued and delivered in ${((received.last - sendStart) / 1000).toFixed(1)} s (CPU as a share of one core)`,
  );
} finally {
  await bench.stop();
  smtp.server.close();
}
