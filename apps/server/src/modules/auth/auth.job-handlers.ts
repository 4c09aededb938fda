import { handleJob } from '../../jobs/job-handler.js';
import { purgeSessionsJob } from './auth.jobs.js';
import { purgeExpiredSessions } from './auth.service.js';

export const authJobHandlers = [handleJob(purgeSessionsJob, (ctx) => purgeExpiredSessions(ctx))];
