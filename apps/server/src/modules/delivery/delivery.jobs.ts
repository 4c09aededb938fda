import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * Messages per `deliver-messages` job: one job sends many messages over pooled connections. A
 * worker waits up to its polling interval (0.5 s) between two quick jobs, so the batch size
 * bounds the rate: 500 a job allows about 1,000 messages a second (a bulk send of 10,000).
 */
export const deliveryBatchSize = 500;

export const deliverMessageJob = defineJob({
  name: 'deliver-message',
  payload: z.object({ outboxId: z.uuid() }),
});

/** Many messages at once (a bulk send): one job, pooled connections, a few sends in parallel. */
export const deliverMessagesJob = defineJob({
  name: 'deliver-messages',
  payload: z.object({ outboxIds: z.array(z.uuid()).min(1).max(deliveryBatchSize) }),
});

/** Every minute: anything due that was missed while no worker ran. */
export const sweepOutboxJob = defineJob({
  name: 'sweep-outbox',
  payload: z.object({}),
  cron: '* * * * *',
});
