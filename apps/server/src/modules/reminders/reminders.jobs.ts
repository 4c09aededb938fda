import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * Every minute, and again at once while more is due. Due work is a state of the surveys, so a
 * run after a pause catches up on everything missed.
 */
export const sendRemindersJob = defineJob({
  name: 'send-reminders',
  /** `batchSize`: surveys per claim (default 500); smaller ones let several workers share a run. */
  payload: z.object({ batchSize: z.number().int().min(1).max(5000).optional() }),
  cron: '* * * * *',
});
