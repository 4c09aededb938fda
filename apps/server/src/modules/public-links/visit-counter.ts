import { type AppContext, perContext } from '../../context.js';
import { addVisits } from './public-links.repository.js';

// Visits are a tally, not a record: each process counts its own and adds them to the links' rows
// once a second, so 50 visitors at once do not queue on one row (docs/decisions/024-public-links.md).
// What a process has not written yet is added to what it answers; at most a second of visits is
// lost if it stops abruptly.

const flushEveryMs = 1000;

class VisitCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: AppContext) {}

  add(linkId: string): void {
    this.pending.set(linkId, (this.pending.get(linkId) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), flushEveryMs).unref();
  }

  pendingOf(linkId: string): number {
    return this.pending.get(linkId) ?? 0;
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const counts = [...this.pending];
    if (counts.length === 0) return;
    this.pending = new Map();
    try {
      await addVisits(this.ctx.db, counts);
    } catch (error) {
      // The database is away: keep the counts for the next try.
      for (const [linkId, count] of counts) this.pending.set(linkId, (this.pending.get(linkId) ?? 0) + count);
      this.timer ??= setTimeout(() => void this.flush(), flushEveryMs * 5).unref();
      this.ctx.log.warn({ err: error }, 'public link visits could not be written; trying again');
    }
  }
}

export const visitCounterOf = perContext((ctx) => new VisitCounter(ctx));
