import { describe, expect, it } from 'vitest';
import { Batcher } from './write-batcher.js';

describe('the start batcher', () => {
  it('writes a lone item at once and gathers the items that arrive meanwhile into one write', async () => {
    const writes: number[][] = [];
    const batcher = new Batcher<number, string>(async (items) => {
      writes.push(items);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return items.map((item) => `id-${item}`);
    });
    const results = await Promise.all([1, 2, 3, 4].map((item) => batcher.add(item)));
    expect(results).toEqual(['id-1', 'id-2', 'id-3', 'id-4']);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it("sends the next batch before the finished batch's callers go on", async () => {
    const events: string[] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      events.push(`write ${items.join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items;
    });
    const callers = [1, 2, 3].map((item) =>
      batcher.add(item).then((result) => {
        events.push(`answer ${result}`);
      }),
    );
    await Promise.all(callers);
    // 1 goes alone; 2 and 3 wait for it and leave before 1's caller answers.
    expect(events).toEqual(['write 1', 'write 2,3', 'answer 1', 'answer 2', 'answer 3']);
  });

  it('tries a failed batch again item by item, so only the bad item fails', async () => {
    const batcher = new Batcher<number, number>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes(3)) throw new Error('bad item');
      return items.map((item) => item * 10);
    });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((item) => batcher.add(item)));
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      10,
      20,
      'failed',
      40,
    ]);
  });
});
