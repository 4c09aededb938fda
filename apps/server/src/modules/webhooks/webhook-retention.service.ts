import type { AppContext } from '../../context.js';
import {
  deleteDoneDeliveriesBefore,
  deleteEventsWithoutDeliveriesBefore,
} from './webhook-retention.repository.js';

/** How long delivered and failed deliveries, their attempts and their events are kept. */
const webhookRetentionDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
const purgeBatchSize = 1000;

/**
 * The daily purge (docs/decisions/047-connect-gaps.md): deliveries done more than 30 days ago
 * with their attempts, then the events none is left for, 1,000 rows per statement until none is
 * left. Pending deliveries stay (their day of retries ended long before). Safe to run twice.
 */
export async function purgeOldWebhookEvents(
  ctx: AppContext,
): Promise<{ deliveries: number; events: number }> {
  const before = new Date(ctx.now().getTime() - webhookRetentionDays * dayMs);
  let deliveries = 0;
  for (let deleted = purgeBatchSize; deleted === purgeBatchSize; deliveries += deleted) {
    deleted = await deleteDoneDeliveriesBefore(ctx.db, before, purgeBatchSize);
  }
  let events = 0;
  for (let deleted = purgeBatchSize; deleted === purgeBatchSize; events += deleted) {
    deleted = await deleteEventsWithoutDeliveriesBefore(ctx.db, before, purgeBatchSize);
  }
  if (deliveries + events > 0) ctx.log.info({ deliveries, events }, 'old webhook deliveries purged');
  return { deliveries, events };
}
