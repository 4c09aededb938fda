import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** One CSV import of contacts, queued when staff start it (decision 038). */
export const importContactsJob = defineJob({
  name: 'import-contacts',
  payload: z.object({ importId: z.uuid() }),
});
