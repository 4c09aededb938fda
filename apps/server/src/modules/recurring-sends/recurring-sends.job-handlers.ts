import { handleJob } from '../../jobs/job-handler.js';
import { runRecurringSendsJob } from './recurring-sends.jobs.js';
import { runDueRecurringSends } from './recurring-sends.service.js';

export const recurringSendJobHandlers = [handleJob(runRecurringSendsJob, (ctx) => runDueRecurringSends(ctx))];
