import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, signUpStaff, waitFor } from './lib.mjs';

const dataDir = await mkdtemp(join(tmpdir(), 'sp-'));
const port = await freePort();
const { DATABASE_URL: _i, ...env } = process.env;
const server = spawn(
  process.execPath,
  [
    '--cpu-prof',
    '--cpu-prof-dir=/tmp/sp',
    fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)),
  ],
  { env: { ...env, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] },
);
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/api/health`, 60000);
const { cookie } = await signUpStaff(base);
const file = join(dataDir, 's.lua');
await writeFile(file, `wrk.headers["cookie"] = ${JSON.stringify(cookie)}`);
const { stdout } = await promisify(execFile)('wrk', [
  '-t1',
  '-c50',
  '-d8s',
  '-s',
  file,
  `${base}/api/accounts/startup`,
]);
console.log(stdout.match(/Requests\/sec:\s+[\d.]+/)[0]);
server.kill('SIGINT');
await new Promise((r) => server.on('exit', r));
