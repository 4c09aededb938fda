import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * The daily rows of a large workspace again in its time zone, after it changed (decision 035):
 * the dashboard keeps the previous zone's days meanwhile instead of waiting for the rebuild.
 */
export const rebuildDailyStatsJob = defineJob({
  name: 'rebuild-daily-stats',
  payload: z.object({ workspaceId: z.uuid() }),
  // Each dashboard load while the rebuild waits asks for it: one waits per workspace.
  oncePerKey: true,
});
