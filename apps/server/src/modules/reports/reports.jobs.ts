import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * Every five minutes: finds the digests due (weekly from Monday 08:00, monthly from the 1st at
 * 08:00, in each workspace's time zone) and not yet sent, and queues one `send-digest` each.
 */
export const scheduleDigestsJob = defineJob({
  name: 'schedule-digests',
  payload: z.object({}),
  cron: '*/5 * * * *',
});

/** One digest: a subscription and its period's first local day. Sent at most once (decision 031). */
export const sendDigestJob = defineJob({
  name: 'send-digest',
  payload: z.object({
    subscriptionId: z.uuid(),
    periodStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  // Queued by the five-minute schedule: a few seconds more change nothing.
  pollingIntervalSeconds: 5,
});
