import { z } from 'zod';

// Recurring sends (docs/decisions/038-contacts.md): a survey template sent to a contact segment
// every N days, weeks or months, at a local time of the workspace's time zone outside its quiet
// hours; new members of the segment are included at each run, the fatigue rule holds.

export const recurringPeriods = ['days', 'weeks', 'months'] as const;
export type RecurringPeriod = (typeof recurringPeriods)[number];
export const recurringSendStatuses = ['active', 'paused'] as const;

export const createRecurringSendSchema = z.object({
  surveyTemplateId: z.uuid('Choose a survey template'),
  segmentId: z.uuid('Choose a segment'),
  every: z
    .number({ error: 'Enter how often' })
    .int('Enter a whole number')
    .min(1, 'Enter at least 1')
    .max(365, 'Enter at most 365'),
  period: z.enum(recurringPeriods),
  /** The local time of the workspace's time zone at which each run starts. */
  sendTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM')
    .default('09:00'),
});
export type CreateRecurringSendInput = z.input<typeof createRecurringSendSchema>;

/**
 * `PATCH /contacts/recurring-sends/{id}`: pause or resume (`status`), and/or change the segment
 * and the cadence (docs/decisions/047-connect-gaps.md); the template stays.
 */
export const updateRecurringSendSchema = createRecurringSendSchema
  .pick({ segmentId: true, every: true, period: true })
  .extend({
    sendTime: createRecurringSendSchema.shape.sendTime.removeDefault(),
    status: z.enum(recurringSendStatuses),
  })
  .partial()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Send a change: status, segmentId, every, period or sendTime',
  });
export type UpdateRecurringSendInput = z.input<typeof updateRecurringSendSchema>;

export const recurringSendSchema = z.object({
  recurringSendId: z.uuid(),
  surveyTemplateId: z.uuid(),
  templateName: z.string(),
  segmentId: z.uuid(),
  segmentName: z.string(),
  every: z.int(),
  period: z.enum(recurringPeriods),
  sendTime: z.string(),
  status: z.enum(recurringSendStatuses),
  /** The next run (null while paused). */
  nextRunAt: z.iso.datetime().nullable(),
  lastRunAt: z.iso.datetime().nullable(),
  /** The last run's surveys sent and contacts skipped (fatigue rule, suppressions, bad rows). */
  lastResult: z.object({ created: z.int(), skipped: z.int() }).nullable(),
  /** Why the last run sent nothing (no published version, a segment too large...). */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type RecurringSend = z.infer<typeof recurringSendSchema>;

export const recurringSendsResponseSchema = z.object({ recurringSends: z.array(recurringSendSchema) });
export type RecurringSendsResponse = z.infer<typeof recurringSendsResponseSchema>;

export const recurringSendParamsSchema = z.object({ recurringSendId: z.string() });

/** "Every 2 weeks at 09:00", "Every day at 17:30". */
export function describeRecurrence(every: number, period: RecurringPeriod, sendTime: string): string {
  const unit = period.slice(0, -1);
  return `Every ${every === 1 ? unit : `${every} ${period}`} at ${sendTime}`;
}
