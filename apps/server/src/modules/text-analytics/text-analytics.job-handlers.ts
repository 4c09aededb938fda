import { handleJob } from '../../jobs/job-handler.js';
import { textAnalyticsBackfillJob } from './text-analytics.jobs.js';
import { runTextAnalyticsBackfill } from './text-analytics.service.js';

export const textAnalyticsJobHandlers = [
  handleJob(textAnalyticsBackfillJob, async (ctx) => {
    const done = await runTextAnalyticsBackfill(ctx);
    if (done.surveys > 0) ctx.log.info(done, 'text analytics backfilled');
  }),
];
