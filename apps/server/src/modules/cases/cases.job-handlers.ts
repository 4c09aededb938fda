import { handleJob } from '../../jobs/job-handler.js';
import { runCaseFollowUpJob } from './case-escalation.js';
import { caseFollowUpJob } from './cases.jobs.js';

export const caseJobHandlers = [handleJob(caseFollowUpJob, (ctx) => runCaseFollowUpJob(ctx))];
