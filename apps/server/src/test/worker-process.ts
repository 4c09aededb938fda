import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './test-app.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run worker` as another process on the test app's PostgreSQL database, with the app's
 * secret and public address and `env` besides (the tests that kill workers mid-job).
 */
export function spawnWorkerProcess(t: TestApp, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.ctx.database.connectionString,
      PUBLIC_URL: t.ctx.config.publicUrl,
      SESSION_SECRET: t.ctx.config.sessionSecret,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
