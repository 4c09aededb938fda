import { describe, expect, it } from 'vitest';
import { responseFiltersParamSchema } from './response-filters.js';
import {
  alertConditionProblem,
  alertOperators,
  checkTextFilter,
  keywordFilterField,
  normaliseKeyword,
  readTextFilterField,
  sentimentFilterField,
} from './text-analytics.js';

const questionId = '0b6f7a52-2a4f-4f0e-9d35-6f1de0a1b2c3';

describe('text analytics contract', () => {
  it('names and reads the sentiment and keyword filter fields', () => {
    expect(readTextFilterField(sentimentFilterField(questionId))).toEqual({ kind: 'sentiment', questionId });
    expect(readTextFilterField(keywordFilterField(questionId))).toEqual({ kind: 'keyword', questionId });
    expect(readTextFilterField(`surveyResponses.${questionId}`)).toBeUndefined();
  });

  it('normalises a keyword as terms are stored', () => {
    expect(normaliseKeyword('  Slow   DELIVERY ')).toBe('slow delivery');
  });

  it('checks operators and values', () => {
    expect(checkTextFilter('sentiment', 'is', 'negative')).toBeUndefined();
    expect(checkTextFilter('sentiment', 'contains', 'negative')).toMatch(/is or is_not/);
    expect(checkTextFilter('sentiment', 'is', 'angry')).toMatch(/must be one of/);
    expect(checkTextFilter('keyword', 'not_contains', 'slow delivery')).toBeUndefined();
    expect(checkTextFilter('keyword', 'contains', 'very slow delivery')).toMatch(/two-word phrase/);
    expect(checkTextFilter('keyword', 'equals', 'slow')).toMatch(/contains or not_contains/);
  });

  it('takes text filters in the filters parameter, and refuses bad ones', () => {
    const parse = (filter: object) =>
      responseFiltersParamSchema.safeParse(JSON.stringify({ logic: 'AND', filters: [filter] }));
    expect(
      parse({ field: keywordFilterField(questionId), operator: 'contains', value: 'slow' }).success,
    ).toBe(true);
    expect(parse({ field: sentimentFilterField('nope'), operator: 'is', value: 'negative' }).success).toBe(
      false,
    );
  });

  it('offers the sentiment operator on text questions only, with a sentiment value', () => {
    expect(alertOperators('LongTextEntry')).toContain('SENTIMENT_IS');
    expect(alertOperators('NetPromoterScore')).not.toContain('SENTIMENT_IS');
    expect(alertConditionProblem({ type: 'ShortTextEntry' }, 'SENTIMENT_IS', 'negative')).toBeUndefined();
    expect(alertConditionProblem({ type: 'ShortTextEntry' }, 'SENTIMENT_IS', 'not_analysed')?.field).toBe(
      'value',
    );
    expect(alertConditionProblem({ type: 'NetPromoterScore' }, 'SENTIMENT_IS', 'negative')?.field).toBe(
      'operator',
    );
  });
});
