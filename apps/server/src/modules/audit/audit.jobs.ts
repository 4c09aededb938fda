import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Daily: audit events older than `AUDIT_RETENTION_DAYS` are purged. */
export const purgeAuditEventsJob = defineJob({
  name: 'purge-audit-events',
  payload: z.object({}),
  cron: '41 3 * * *',
});
