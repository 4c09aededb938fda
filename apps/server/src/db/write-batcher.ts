type Entry<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Gathers concurrent calls into few writes (docs/decisions/024-public-links.md, 048-respondent-cache.md): up to
 * `maxInFlight` writes run at once; items that arrive while they all run wait and go together in
 * the next. A lone item goes at once, so a quiet link waits for nothing. A failed batch is tried
 * again item by item, so one bad item fails alone.
 */
export class Batcher<Item, Result> {
  private readonly queue: Entry<Item, Result>[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly options: { maxSize?: number; maxInFlight?: number } = {},
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const { maxSize = 200, maxInFlight = 1 } = this.options;
    while (this.inFlight < maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, maxSize);
      this.inFlight += 1;
      void this.writeBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async writeBatch(batch: Entry<Item, Result>[]): Promise<void> {
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
}
