// `npm run lint`: comments cite documents inside the repository (docs/product-rules.md, docs/
// decisions, docs/architecture.md), never issue numbers or documents outside it (decision 013).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const outside = /ARCHITECTURE\.md|STYLE\.md|\b[Pp]art [12] §|\b[Ii]ssue #?\d+\b/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|css)$/.test(file) && !file.includes('/migrations/'));
const found = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
);
if (found.length > 0) {
  console.error(`Cite docs/ instead of issues or documents outside the repository:\n${found.join('\n')}`);
  process.exit(1);
}
