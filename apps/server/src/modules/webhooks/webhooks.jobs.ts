import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Deliveries per `deliver-webhooks` job: the ids one process committed within 100 ms. */
export const webhookBatchSize = 100;

/** Delivers committed webhook deliveries (docs/decisions/036-webhooks.md). */
export const deliverWebhooksJob = defineJob({
  name: 'deliver-webhooks',
  payload: z.object({ deliveryIds: z.array(z.uuid()).min(1).max(webhookBatchSize) }),
  // Up to eight jobs per poll (pg-boss polls at most twice a second), side by side: 500 events a
  // second fit, and a slow endpoint (up to the 10 s timeout) does not hold up the other jobs.
  concurrency: 8,
});

/**
 * Every minute: re-dispatches deliveries whose job was lost and sends again (same `webhook-id`)
 * those a dead worker left claimed past their lease.
 */
export const sweepWebhooksJob = defineJob({
  name: 'sweep-webhooks',
  payload: z.object({}),
  cron: '* * * * *',
});

/** Daily: deliveries, attempts and events past their 30 days are deleted (decision 047). */
export const purgeWebhookEventsJob = defineJob({
  name: 'purge-webhook-events',
  payload: z.object({}),
  cron: '17 3 * * *',
});
