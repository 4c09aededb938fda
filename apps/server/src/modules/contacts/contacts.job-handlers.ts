import { handleJob } from '../../jobs/job-handler.js';
import { runContactImport } from './contact-imports.service.js';
import { importContactsJob } from './contacts.jobs.js';

export const contactJobHandlers = [
  handleJob(importContactsJob, (ctx, { importId }) => runContactImport(ctx, importId)),
];
