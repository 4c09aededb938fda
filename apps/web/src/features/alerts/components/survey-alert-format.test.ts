import { describe, expect, it } from 'vitest';
import { formatAnswer } from './survey-alert-format';

describe('formatAnswer', () => {
  it('reads a consent and a matrix (decision 027) as well as the older answers', () => {
    expect(formatAnswer(true)).toBe('Consent given');
    expect(formatAnswer({ staff: 1, wait: 2 })).toBe('mean 1.5');
    expect(formatAnswer({})).toBe('No answer');
    expect(formatAnswer(['Price', 'Speed'])).toBe('Price, Speed');
    expect(formatAnswer(3)).toBe('3');
    expect(formatAnswer(null)).toBe('No answer');
  });
});
