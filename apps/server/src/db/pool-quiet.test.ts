import { describe, expect, it } from 'vitest';
import { untilQuiet } from './pool-quiet.js';

describe('until the database is quiet', () => {
  it('waits for a quiet stretch, starting again when work comes back', async () => {
    // Busy, quiet for one check, busy again, then quiet for good.
    const answers = [true, true, false, true, false];
    let checks = 0;
    const quiet = await untilQuiet(() => answers[checks++] ?? false, {
      quietMs: 5,
      maxMs: 60_000,
      stepMs: 1,
    });
    expect(quiet).toBe(true);
    expect(checks).toBeGreaterThan(answers.length);
  });

  it('gives up after its longest wait and says so', async () => {
    expect(await untilQuiet(() => true, { quietMs: 5, maxMs: 10, stepMs: 1 })).toBe(false);
  });
});
