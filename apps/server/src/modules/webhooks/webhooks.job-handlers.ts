import { handleJob } from '../../jobs/job-handler.js';
import { deliverWebhooks, sweepWebhooks } from './webhook-delivery.service.js';
import { purgeOldWebhookEvents } from './webhook-retention.service.js';
import { deliverWebhooksJob, purgeWebhookEventsJob, sweepWebhooksJob } from './webhooks.jobs.js';

export const webhookJobHandlers = [
  handleJob(deliverWebhooksJob, (ctx, { deliveryIds }) => deliverWebhooks(ctx, deliveryIds)),
  handleJob(sweepWebhooksJob, (ctx) => sweepWebhooks(ctx)),
  handleJob(purgeWebhookEventsJob, (ctx) => purgeOldWebhookEvents(ctx)),
];
