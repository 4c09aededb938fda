import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from './event-loop-turns.js';

function spin(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {}
}

describe('eventLoopTurns', () => {
  it('lets the event loop turn once a streak of awaited calls runs past its limit', async () => {
    const nextTurn = eventLoopTurns(5);
    let hasTurned = false;
    setImmediate(() => {
      hasTurned = true;
    });
    // Awaiting resolved promises alone never lets a setImmediate callback run.
    for (let call = 0; call < 20 && !hasTurned; call += 1) {
      await nextTurn();
      spin(1);
    }
    expect(hasTurned).toBe(true);
  });

  it('waits for nothing at the start of a streak or within its limit', () => {
    const nextTurn = eventLoopTurns(1_000);
    expect(nextTurn()).toBeUndefined();
    expect(nextTurn()).toBeUndefined();
  });
});
