import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { queueMessages } from './delivery.service.js';
import { claimOverdueMessages } from './outbox.repository.js';

// The sweep's pick of overdue messages during a large send: it takes its limit and no more. As
// `id in (select … limit … for update skip locked)` PostgreSQL could run the pick again for every
// queued row, each run skipping the rows just moved: at 10,000 queued messages one sweep moved
// them all (24 s, every row locked, every message dispatched a second time).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (channel: 'email' | 'sms', index: number) => ({
  workspaceId: null,
  channel,
  purpose: 'test',
  recipient: channel === 'email' ? `sweep.${index}@example.com` : `+4475000${String(index).padStart(5, '0')}`,
  subject: 'Hello',
  textBody: 'Hello',
});

describe("the outbox sweep's pick", () => {
  it('moves its limit and no more when every queued message may be picked (one pick per sweep)', async () => {
    // Just written, not yet analysed: the statistics of a bulk send being delivered.
    await queueMessages(
      t.ctx.db,
      Array.from({ length: 3_000 }, (_, index) => message('email', 10_000 + index)),
    );
    const retryAt = new Date(Date.now() + 20 * 60 * 1000);

    const picked = await claimOverdueMessages(t.ctx.db, new Date(), retryAt, ['email', 'sms'], 100);

    expect(picked).toHaveLength(100);
    const [moved] = await rowsOf<{ count: number }>(
      t.ctx.db,
      sql`select count(*)::int as count from ${outboxMessages} where next_attempt_at = ${retryAt.toISOString()}::timestamptz`,
    );
    expect(moved?.count).toBe(100);
  });

  it('takes the oldest due messages of its channels, its limit and no more, among thousands queued', async () => {
    await rowsOf(t.ctx.db, sql`update ${outboxMessages} set status = 'sent' where status = 'queued'`);
    // Messages on a channel with no provider come first: they must not hold the sweep's places.
    const sms = await queueMessages(
      t.ctx.db,
      Array.from({ length: 20 }, (_, index) => message('sms', index)),
    );
    await queueMessages(
      t.ctx.db,
      Array.from({ length: 2_000 }, (_, index) => message('email', index)),
    );
    // The statistics of a large queue, as PostgreSQL's autovacuum would have gathered them.
    await rowsOf(t.ctx.db, sql`analyze ${outboxMessages}`);
    const retryAt = new Date(Date.now() + 10 * 60 * 1000);

    const picked = await claimOverdueMessages(t.ctx.db, new Date(), retryAt, ['email'], 100);

    expect(picked).toHaveLength(100);
    expect(picked.some((id) => sms.includes(id))).toBe(false);
    const moved = await t.ctx.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'queued'), eq(outboxMessages.nextAttemptAt, retryAt)));
    expect(moved.map((row) => row.id).sort()).toEqual([...picked].sort());
  });
});
