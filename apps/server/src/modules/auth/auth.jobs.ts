import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Hourly: sessions past their expiry are deleted. */
export const purgeSessionsJob = defineJob({
  name: 'purge-sessions',
  payload: z.object({}),
  cron: '17 * * * *',
});
