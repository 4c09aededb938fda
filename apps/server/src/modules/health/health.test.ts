import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWorkerPolling, startWorkerHeartbeat } from '../../jobs/worker-heartbeat.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let web: TestApp;
let withWorker: TestApp;
beforeAll(async () => {
  web = await createTestApp();
  withWorker = await createTestApp({ withWorker: true });
});
afterAll(async () => {
  await web.close();
  await withWorker.close();
});

describe('health', () => {
  it('says a process without job workers is degraded while no worker polls, and ready', async () => {
    const response = await web.client().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      queue: 'ok',
      worker: 'none recently',
      notifications: 'listening',
      rateLimits: 'per process',
      draining: false,
    });
  });

  it('sees a worker that polls, and no longer once it has not been seen for 30 s', async () => {
    const response = await withWorker.client().get('/api/health');
    expect(response.json()).toMatchObject({ status: 'ok', worker: 'polling' });
    await withWorker.ctx.db.execute(
      sql`update job_worker_heartbeats set seen_at = now() - interval '31 seconds'`,
    );
    const stale = await withWorker.client().get('/api/health/ready');
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ status: 'degraded', worker: 'none recently' });
  });

  it('removes a stopped worker at once, and forgets killed ones after a day', async () => {
    const { db, log } = web.ctx;
    const heartbeat = startWorkerHeartbeat(db, log);
    await heartbeat.beat();
    expect(await isWorkerPolling(db)).toBe(true);
    await heartbeat.stop();
    expect(await isWorkerPolling(db)).toBe(false);

    await db.execute(sql`insert into job_worker_heartbeats (worker_id, host, pid, seen_at)
      values ('killed', 'elsewhere', 1, now() - interval '25 hours'), ('quiet', 'elsewhere', 2, now() - interval '1 hour')`);
    const another = startWorkerHeartbeat(db, log);
    await another.beat();
    await another.stop();
    const left = (await db.execute(
      sql`select worker_id from job_worker_heartbeats order by worker_id`,
    )) as unknown as {
      rows: { worker_id: string }[];
    };
    expect(left.rows.map((row) => row.worker_id)).toEqual(['quiet']);
  });

  it('answers 503 on readiness while draining, and 200 on liveness', async () => {
    web.ctx.lifecycle.isDraining = true;
    try {
      for (const path of ['/api/health', '/api/health/ready']) {
        const response = await web.client().get(path);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ status: 'unavailable', database: 'ok', draining: true });
      }
      const live = await web.client().get('/api/health/live');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      web.ctx.lifecycle.isDraining = false;
    }
  });
});
