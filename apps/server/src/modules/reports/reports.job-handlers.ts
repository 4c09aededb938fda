import { handleJob } from '../../jobs/job-handler.js';
import { scheduleDigests, sendDigest } from './digests.service.js';
import { scheduleDigestsJob, sendDigestJob } from './reports.jobs.js';

export const reportJobHandlers = [
  handleJob(scheduleDigestsJob, (ctx) => scheduleDigests(ctx)),
  handleJob(sendDigestJob, (ctx, { subscriptionId, periodStart }) =>
    sendDigest(ctx, subscriptionId, periodStart),
  ),
];
