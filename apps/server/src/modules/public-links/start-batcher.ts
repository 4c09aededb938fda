/**
 * Gathers concurrent calls into one: while a batch is being written, new items wait and go
 * together in the next (docs/decisions/024-public-links.md). A lone item goes at once, so a quiet
 * link waits for nothing. A failed batch is tried again item by item, so one bad item fails alone.
 */
export class Batcher<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private isRunning = false;

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxSize = 200,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.isRunning) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.isRunning = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxSize);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          for (const [index, entry] of batch.entries()) entry.resolve(results[index]!);
        } catch {
          for (const entry of batch) {
            try {
              const [result] = await this.write([entry.item]);
              entry.resolve(result!);
            } catch (error) {
              entry.reject(error);
            }
          }
        }
      }
    } finally {
      this.isRunning = false;
    }
  }
}
