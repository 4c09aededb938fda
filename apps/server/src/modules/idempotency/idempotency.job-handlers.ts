import { handleJob } from '../../jobs/job-handler.js';
import { purgeIdempotencyKeysJob } from './idempotency.jobs.js';
import { purgeExpiredIdempotencyKeys } from './idempotency.service.js';

export const idempotencyJobHandlers = [
  handleJob(purgeIdempotencyKeysJob, (ctx) => purgeExpiredIdempotencyKeys(ctx)),
];
