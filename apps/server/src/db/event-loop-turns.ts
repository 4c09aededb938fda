/**
 * PGlite answers in the server's own thread without I/O, so statements that follow one another
 * (a job's slices, a batch of reminders) resolve in microtasks and the event loop, with every
 * waiting HTTP request and timer, waits for all of them: a reminder run stalled the embedded
 * server for 1.3-1.6 s on the as-user bench. A statement that comes more than `turnMs` into such
 * a streak first waits for one turn of the event loop.
 */
export function eventLoopTurns(turnMs = 10): () => Promise<void> | undefined {
  let streakStart: number | undefined;
  const endStreak = () => {
    streakStart = undefined;
  };
  return () => {
    const now = performance.now();
    if (streakStart === undefined) {
      streakStart = now;
      setImmediate(endStreak);
      return undefined;
    }
    if (now - streakStart < turnMs) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
}
