import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Every minute: overdue cases are escalated once, and replies that finally failed reach their case. */
export const caseFollowUpJob = defineJob({
  name: 'case-follow-up',
  payload: z.object({}),
  cron: '* * * * *',
});
