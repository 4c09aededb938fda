import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Daily: each workspace's retention is applied (decision 044). */
export const applyRetentionJob = defineJob({
  name: 'apply-retention',
  payload: z.object({}),
  cron: '17 2 * * *',
});
