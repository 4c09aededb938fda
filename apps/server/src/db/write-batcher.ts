type Entry<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Gathers concurrent calls into few writes (docs/decisions/024-public-links.md, 048-respondent-cache.md): up to
 * `maxInFlight` writes run at once; items that arrive while they all run wait and go together in
 * the next. A lone item goes at once, so a quiet link waits for nothing. A finished batch frees
 * its place and the next one leaves before the finished batch's callers are answered (in the
 * event loop's next check phase): the database works while this process writes the replies. A
 * failed batch is tried again item by item, so one bad item fails alone.
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
      void this.writeBatch(batch);
    }
  }

  /** Frees the batch's slot and sends what waits, before the batch's callers go on to answer. */
  private release(): void {
    this.inFlight -= 1;
    this.pump();
  }

  private async writeBatch(batch: Entry<Item, Result>[]): Promise<void> {
    let results: Result[];
    try {
      results = await this.write(batch.map((entry) => entry.item));
    } catch {
      // Item by item, still in this batch's slot.
      for (const entry of batch) {
        try {
          const [result] = await this.write([entry.item]);
          entry.resolve(result!);
        } catch (error) {
          entry.reject(error);
        }
      }
      this.release();
      return;
    }
    // The next batch leaves first: the database works on it while this one's callers answer.
    this.release();
    setImmediate(() => {
      for (const [index, entry] of batch.entries()) entry.resolve(results[index]!);
    });
  }
}
