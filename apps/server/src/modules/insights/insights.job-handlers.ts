import { handleJob } from '../../jobs/job-handler.js';
import { rebuildDashboardDays } from './dashboard.service.js';
import { rebuildDailyStatsJob } from './insights.jobs.js';

export const insightsJobHandlers = [
  handleJob(rebuildDailyStatsJob, async (ctx, { workspaceId }) => {
    const timeZone = await rebuildDashboardDays(ctx, workspaceId);
    ctx.log.info({ workspaceId, timeZone }, 'daily rows rebuilt in the workspace’s time zone');
  }),
];
