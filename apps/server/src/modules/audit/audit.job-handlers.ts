import { handleJob } from '../../jobs/job-handler.js';
import { purgeAuditEventsJob } from './audit.jobs.js';
import { purgeExpiredAuditEvents } from './audit.service.js';

export const auditJobHandlers = [handleJob(purgeAuditEventsJob, (ctx) => purgeExpiredAuditEvents(ctx))];
