import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { runReminderJob } from './reminders.service.js';
import { at, day, hour, monday, reminderWorld } from './test-reminder-fixtures.js';

// A large reminder run claims no further ahead of the delivery than its backlog allows, and waits
// for room within the run: a run queued for later would wait for its worker's next ask (10 s).

const { world, workspaceWithTemplate, sendSurvey, remindersOf } = reminderWorld();

describe('a reminder run with a full backlog', () => {
  it('waits for the delivery to make room, then claims the rest in the same run', async () => {
    const { t } = world;
    const { client, template } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    t.setNow(monday);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push(await sendSurvey(client, template.surveyTemplateVersionId));

    t.setNow(at(monday, day + hour));
    const waits: Array<{ ms: number; queued: number }> = [];
    // The delivery, as the test runs it: every queued reminder leaves while the run waits.
    const deliver = async (ms: number) => {
      const sent = await t.ctx.db
        .update(outboxMessages)
        .set({ status: 'sent' })
        .where(and(eq(outboxMessages.status, 'queued'), eq(outboxMessages.purpose, 'survey-reminder')))
        .returning({ id: outboxMessages.id });
      waits.push({ ms, queued: sent.length });
    };
    const claimed = await runReminderJob(t.ctx, { batchSize: 1, maxQueued: 2, wait: deliver });

    expect(claimed).toBe(5);
    expect(waits).toEqual([
      { ms: 500, queued: 2 },
      { ms: 500, queued: 2 },
    ]);
    for (const id of ids) expect(await remindersOf(id)).toHaveLength(1);
  });

  it('stops waiting when its process is stopping, and leaves the rest due', async () => {
    const { t } = world;
    const { client, template } = await workspaceWithTemplate([{ duration: 1, period: 'days' }]);
    t.setNow(monday);
    for (let index = 0; index < 3; index += 1) await sendSurvey(client, template.surveyTemplateVersionId);
    // The first test's reminders are delivered: only this test's count.
    await t.ctx.db
      .update(outboxMessages)
      .set({ status: 'sent' })
      .where(and(eq(outboxMessages.status, 'queued'), eq(outboxMessages.purpose, 'survey-reminder')));

    t.setNow(at(monday, day + hour));
    let waits = 0;
    const stopWhileWaiting = async () => {
      waits += 1;
      t.ctx.lifecycle.isDraining = true;
    };
    try {
      expect(await runReminderJob(t.ctx, { batchSize: 1, maxQueued: 2, wait: stopWhileWaiting })).toBe(2);
    } finally {
      t.ctx.lifecycle.isDraining = false;
    }
    expect(waits).toBe(1);
    expect(await runReminderJob(t.ctx, { batchSize: 1, maxQueued: 5 })).toBe(1);
  });
});
