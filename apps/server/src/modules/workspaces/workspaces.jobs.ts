import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Hourly: workspaces whose seven days of grace have ended are removed (decision 044). */
export const purgeDeletedWorkspacesJob = defineJob({
  name: 'purge-deleted-workspaces',
  payload: z.object({}),
  cron: '23 * * * *',
});
