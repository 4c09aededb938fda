import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Hourly: idempotency keys past their 24 hours are deleted (docs/decisions/037-public-api-v1.md). */
export const purgeIdempotencyKeysJob = defineJob({
  name: 'purge-idempotency-keys',
  payload: z.object({}),
  cron: '43 * * * *',
});
