import { handleJob } from '../../jobs/job-handler.js';
import { applyRetentionJob } from './retention.jobs.js';
import { applyRetention } from './retention.service.js';

export const retentionJobHandlers = [handleJob(applyRetentionJob, (ctx) => applyRetention(ctx))];
