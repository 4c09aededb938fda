import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Every minute: the recurring sends whose run is due (decision 038). */
export const runRecurringSendsJob = defineJob({
  name: 'run-recurring-sends',
  payload: z.object({}),
  cron: '* * * * *',
});
