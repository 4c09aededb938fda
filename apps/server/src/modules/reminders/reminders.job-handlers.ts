import { handleJob } from '../../jobs/job-handler.js';
import { sendRemindersJob } from './reminders.jobs.js';
import { runReminderJob } from './reminders.service.js';

export const reminderJobHandlers = [
  handleJob(sendRemindersJob, (ctx, { batchSize }) => runReminderJob(ctx, { batchSize })),
];
