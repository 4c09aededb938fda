import { handleJob } from '../../jobs/job-handler.js';
import { deliverMessageJob, deliverMessagesJob, sweepOutboxJob } from './delivery.jobs.js';
import { runDeliveryBatchJob, runDeliveryJob, sweepOutbox } from './delivery.service.js';

export const deliveryJobHandlers = [
  handleJob(deliverMessageJob, (ctx, { outboxId }) => runDeliveryJob(ctx, outboxId)),
  handleJob(deliverMessagesJob, (ctx, { outboxIds }) => runDeliveryBatchJob(ctx, outboxIds)),
  handleJob(sweepOutboxJob, (ctx) => sweepOutbox(ctx)),
];
