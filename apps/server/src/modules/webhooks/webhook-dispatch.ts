import { type AppContext, perContext } from '../../context.js';
import { deliverWebhooksJob, webhookBatchSize } from './webhooks.jobs.js';

/**
 * Hands committed deliveries to the job queue (docs/decisions/036-webhooks.md). The ids a process
 * commits within `windowMs` go in one `deliver-webhooks` job (up to `webhookBatchSize`), so 500
 * completions a second make about ten jobs, not 500. Losing them (the process ends, the queue
 * insert fails) loses nothing: the deliveries stay pending and the sweep dispatches them.
 */
const windowMs = 100;

class Dispatcher {
  private ids: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  add(ids: readonly string[], startAfterSeconds: number | undefined): void {
    if (startAfterSeconds !== undefined) {
      this.track(this.send([...ids], startAfterSeconds));
      return;
    }
    this.ids.push(...ids);
    if (this.ids.length >= webhookBatchSize) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), windowMs).unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.ids;
    this.ids = [];
    if (ids.length > 0) this.track(this.send(ids, undefined));
  }

  async settle(): Promise<void> {
    this.flush();
    await Promise.allSettled([...this.sending]);
  }

  private track(promise: Promise<void>): void {
    this.sending.add(promise);
    void promise.finally(() => this.sending.delete(promise));
  }

  private async send(ids: string[], startAfter: number | undefined): Promise<void> {
    for (let start = 0; start < ids.length; start += webhookBatchSize) {
      const deliveryIds = ids.slice(start, start + webhookBatchSize);
      try {
        await this.ctx.jobs.send(deliverWebhooksJob, { deliveryIds }, { startAfter });
      } catch (error) {
        this.ctx.log.error(
          { err: error, count: deliveryIds.length },
          'could not queue the webhook deliveries; the sweep will dispatch them',
        );
      }
    }
  }
}

const dispatcherOf = perContext((ctx) => new Dispatcher(ctx));

/** After the commit: queues the deliveries' job now, or after `startAfterSeconds` (a retry). */
export function dispatchWebhookDeliveries(
  ctx: AppContext,
  deliveryIds: readonly string[],
  startAfterSeconds?: number,
): void {
  if (deliveryIds.length > 0) dispatcherOf(ctx).add(deliveryIds, startAfterSeconds);
}

/** Sends what is waiting and waits for the queue inserts (graceful shutdown, tests). */
export function settleWebhookDispatches(ctx: AppContext): Promise<void> {
  return dispatcherOf(ctx).settle();
}
