import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Hourly: surveys that public links created more than a day ago and nobody answered are deleted. */
export const purgeUnansweredLinkSurveysJob = defineJob({
  name: 'purge-unanswered-link-surveys',
  payload: z.object({}),
  cron: '41 * * * *',
});
