// `npm run bench` (decision 005): the JavaScript the respondent page `/survey/{id}` loads, gzip and
// brotli, against its budget of 90 KB gzip in total (React included). Reads the built
// apps/web/dist/survey.html, follows its scripts, module preloads and their static imports.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const budgetBytes = 90_000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const page = join(dist, 'survey.html');
if (!existsSync(page)) {
  console.error(`respondent-size: ${page} is missing; run \`npm run build\` first.`);
  process.exit(1);
}

const html = readFileSync(page, 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1].replace(/^\//, ''));

const files = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (files.has(file)) continue;
  files.add(file);
  const source = readFileSync(join(dist, file), 'utf8');
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    queue.push(posix.join(posix.dirname(file), match[1]));
  }
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
let totalRaw = 0;
let totalGzip = 0;
let totalBrotli = 0;
for (const file of [...files].sort()) {
  const source = readFileSync(join(dist, file));
  const gzip = gzipSync(source, { level: 9 }).length;
  const brotli = brotliCompressSync(source).length;
  totalRaw += source.length;
  totalGzip += gzip;
  totalBrotli += brotli;
  console.log(`  ${file.padEnd(48)} ${kB(source.length).padStart(11)} raw ${kB(gzip).padStart(10)} gzip`);
}
const isWithin = totalGzip <= budgetBytes;
console.log(
  `respondent page JavaScript: ${files.size} files, ${kB(totalRaw)} raw, ${kB(totalGzip)} gzip, ` +
    `${kB(totalBrotli)} brotli (budget ${kB(budgetBytes)} gzip: ${isWithin ? 'within' : 'OVER'})`,
);
if (!isWithin) process.exitCode = 1;
