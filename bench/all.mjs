// `npm run bench`: every benchmark of the suite, one after another, stopping at the first that
// fails; then the aims that were not met in this run, gathered from each benchmark's `aim()`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const suite = [
  ['startup.bench.mjs'],
  ['surveys.bench.mjs'],
  ['as-user.mjs', '--postgres'],
  ['public-links.bench.mjs'],
  ['respondent-size.mjs'],
  ['respondent-lighthouse.mjs'],
  ['responses.bench.mjs'],
  ['segments.bench.mjs'],
  ['dashboard.bench.mjs'],
  ['text-analytics.bench.mjs'],
  ['reminders.bench.mjs'],
  ['contacts-import.bench.mjs'],
  ['api-v1.bench.mjs'],
];

const missesFile = join(tmpdir(), `graphium-bench-misses-${process.pid}.txt`);
rmSync(missesFile, { force: true });
for (const [file, ...args] of suite) {
  const { status, signal } = spawnSync(process.execPath, [file, ...args], {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, BENCH_MISSES_FILE: missesFile },
  });
  if (status !== 0) {
    console.error(`\n${file} failed (${signal ?? `exit ${status}`}): the suite stops here.`);
    process.exit(status ?? 1);
  }
}
const misses = existsSync(missesFile) ? readFileSync(missesFile, 'utf8').trim() : '';
rmSync(missesFile, { force: true });
console.log(
  misses
    ? `\nAims not met in this run (compare within one run, several runs):\n${misses}`
    : '\nEvery aim was met in this run.',
);
