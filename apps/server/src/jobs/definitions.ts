import { z } from 'zod';
import type { AppContext } from '../context.js';
import {
  deliveryBatchSize,
  runDeliveryBatchJob,
  runDeliveryJob,
  sweepOutbox,
} from '../modules/delivery/outbox.service.js';
import { runReminderJob } from '../modules/reminders/reminders.service.js';

/**
 * Every job in one place: name, payload schema, handler and schedule (STYLE.md: Documenso,
 * Formbricks). Handlers call the same service functions as the HTTP routes.
 */
export const jobDefinitions = {
  'deliver-message': {
    payload: z.object({ outboxId: z.uuid() }),
    handler: (ctx: AppContext, payload: { outboxId: string }) => runDeliveryJob(ctx, payload.outboxId),
  },
  /** Many messages at once (a bulk send): one job, pooled connections, a few sends in parallel. */
  'deliver-messages': {
    payload: z.object({ outboxIds: z.array(z.uuid()).min(1).max(deliveryBatchSize) }),
    handler: (ctx: AppContext, payload: { outboxIds: string[] }) =>
      runDeliveryBatchJob(ctx, payload.outboxIds),
  },
  'sweep-outbox': {
    payload: z.object({}),
    /** Every minute: anything due that was missed while no worker ran. */
    cron: '* * * * *',
    handler: (ctx: AppContext) => sweepOutbox(ctx),
  },
  /**
   * Reminders (issue 7): every minute, and again at once while more is due. Due work is a state
   * of the surveys, so a run after a pause catches up on everything missed.
   */
  'send-reminders': {
    /** `batchSize`: surveys per claim (default 500); smaller ones let several workers share a run. */
    payload: z.object({ batchSize: z.number().int().min(1).max(5000).optional() }),
    cron: '* * * * *',
    handler: (ctx: AppContext, payload: { batchSize?: number | undefined }) =>
      runReminderJob(ctx, payload.batchSize),
  },
} as const;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
