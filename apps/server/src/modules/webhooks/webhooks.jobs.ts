import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Deliveries per `deliver-webhooks` job: the ids one process committed within 100 ms. */
export const webhookBatchSize = 100;

/** Delivers committed webhook deliveries (docs/decisions/036-webhooks.md). */
export const deliverWebhooksJob = defineJob({
  name: 'deliver-webhooks',
  payload: z.object({ deliveryIds: z.array(z.uuid()).min(1).max(webhookBatchSize) }),
  // A slow endpoint (up to the 10 s timeout) must not hold up every other workspace's deliveries.
  concurrency: 4,
  pollingIntervalSeconds: 0.25,
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
