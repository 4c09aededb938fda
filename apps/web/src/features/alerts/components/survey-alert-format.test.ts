import { describe, expect, it } from 'vitest';
import { conditionPhrase, formatAnswer } from './survey-alert-format';

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

describe('conditionPhrase', () => {
  it("reads an answer's condition and a survey property's (decision 035)", () => {
    expect(conditionPhrase({ operator: 'LESS_THAN', value: 7 })).toBe('less than 7');
    expect(conditionPhrase({ operator: 'IS_EMPTY', value: '' })).toBe('empty');
    expect(conditionPhrase({ kind: 'property', operator: 'equals', value: 'Pro' })).toBe('equals Pro');
    expect(conditionPhrase({ kind: 'property', operator: 'between', value: '10..20' })).toBe(
      'is from 10 up to (not including) 20',
    );
  });
});
