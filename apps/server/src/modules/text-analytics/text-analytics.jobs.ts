import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * Queued at start while surveys completed before text analytics wait (and by itself to go on):
 * analyses them in batches (docs/decisions/030-text-analytics.md).
 */
export const textAnalyticsBackfillJob = defineJob({
  name: 'text-analytics-backfill',
  payload: z.object({}),
  // Nobody waits for it: a worker asks every five seconds.
  pollingIntervalSeconds: 5,
});
