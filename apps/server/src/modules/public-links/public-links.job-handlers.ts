import { handleJob } from '../../jobs/job-handler.js';
import { purgeUnansweredLinkSurveys } from '../surveys/link-surveys.service.js';
import { purgeUnansweredLinkSurveysJob } from './public-links.jobs.js';

export const publicLinkJobHandlers = [
  handleJob(purgeUnansweredLinkSurveysJob, async (ctx) => {
    const purged = await purgeUnansweredLinkSurveys(ctx);
    if (purged > 0) ctx.log.info({ purged }, 'unanswered public-link surveys deleted');
  }),
];
