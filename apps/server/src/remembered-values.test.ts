import { describe, expect, it } from 'vitest';
import { RememberedValues } from './remembered-values.js';

describe('remembered values', () => {
  it('checks a value once while it is remembered, never keeps a failed check, and keeps owners apart', () => {
    const remembered = new RememberedValues<string>(2);
    const app = {};
    const other = {};
    let checks = 0;
    const check = (value: string) => {
      checks += 1;
      return value.startsWith('good') ? value.toUpperCase() : undefined;
    };
    expect(remembered.get(app, 'good-1', check)).toBe('GOOD-1');
    expect(remembered.get(app, 'good-1', check)).toBe('GOOD-1');
    expect(checks).toBe(1);
    expect(remembered.get(app, 'forged', check)).toBeUndefined();
    expect(remembered.get(app, 'forged', check)).toBeUndefined();
    expect(checks).toBe(3);
    // Another owner (another app, another secret) checks for itself.
    expect(remembered.get(other, 'good-1', check)).toBe('GOOD-1');
    expect(checks).toBe(4);
    // At most two per owner: the oldest goes first.
    remembered.get(app, 'good-2', check);
    remembered.get(app, 'good-3', check);
    expect(checks).toBe(6);
    remembered.get(app, 'good-1', check);
    expect(checks).toBe(7);
  });
});
