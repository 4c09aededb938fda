import { type SurveyQuestion, surveyDefinitionSchema } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import {
  buildContactFilter,
  buildQuestionFilter,
  buildStatusFilter,
  clampFilterInput,
  describeFilter,
  filterSentence,
  upsertFilter,
} from './filter-rules';
import { definition, listId, northItemId, npsId, starsId, storeId, textId } from './responses-fixtures';
import { readResponsesSearch, sentRange, writeResponsesSearch } from './responses-search';

const questions = definition.questions;
const question = (id: string) => questions.find((item) => item.id === id) as SurveyQuestion;
const numeric = surveyDefinitionSchema.parse({
  questions: [
    {
      id: 'd1b2c3d4-0000-4000-8000-000000000199',
      type: 'NumericScale',
      question: 'Wait?',
      label: 'Wait',
      startNumber: 3,
      endNumber: 7,
    },
  ],
}).questions[0] as SurveyQuestion;

describe('filter rules (docs/product-rules.md#responses-list-filters-paging-export)', () => {
  it('clamps numeric values to the question scale as they are typed', () => {
    expect(clampFilterInput(question(npsId), '15')).toBe('10');
    expect(clampFilterInput(question(npsId), '-4')).toBe('0');
    expect(clampFilterInput(question(npsId), '7')).toBe('7');
    expect(clampFilterInput(question(starsId), '0')).toBe('1');
    expect(clampFilterInput(question(starsId), '9')).toBe('5');
    expect(clampFilterInput(numeric, '1')).toBe('3');
    expect(clampFilterInput(numeric, '12')).toBe('7');
    expect(clampFilterInput(question(npsId), '')).toBe('');
    expect(clampFilterInput(question(npsId), '-')).toBe('-');
    expect(clampFilterInput(question(textId), '99')).toBe('99');
  });

  it('builds question filters with clamped numbers and refuses missing operators or values', () => {
    expect(buildQuestionFilter(question(npsId), 'gte', '12')).toEqual({
      field: `surveyResponses.${npsId}`,
      operator: 'gte',
      value: 10,
    });
    expect(buildQuestionFilter(question(npsId), '', '5')).toBeUndefined();
    expect(buildQuestionFilter(question(npsId), 'gte', '  ')).toBeUndefined();
    expect(buildQuestionFilter(question(npsId), 'contains', '5')).toBeUndefined();
    expect(buildQuestionFilter(question(textId), 'starts_with', ' Sam ')).toEqual({
      field: `surveyResponses.${textId}`,
      operator: 'starts_with',
      value: 'Sam',
    });
  });

  it('needs a status selection and a non-empty contact value', () => {
    expect(buildStatusFilter('is', '')).toBeUndefined();
    expect(buildStatusFilter('is', 'COMPLETE')).toEqual({
      field: 'surveyState',
      operator: 'is',
      value: 'COMPLETE',
    });
    expect(buildContactFilter('email', 'contains', '   ')).toBeUndefined();
    expect(buildContactFilter('phone', 'contains', '()-')).toBeUndefined();
    expect(buildContactFilter('email', 'ends_with', ' @example.com ')).toEqual({
      field: 'surveyContactMethods.emailAddress',
      operator: 'ends_with',
      value: '@example.com',
    });
  });

  it('keeps one filter per id: adding the same id again replaces it in place', () => {
    const status = { field: 'surveyState', operator: 'is' as const, value: 'COMPLETE' };
    const nps = { field: `surveyResponses.${npsId}`, operator: 'gte' as const, value: 9 };
    const filters = upsertFilter(upsertFilter([], status), nps);
    const replaced = upsertFilter(filters, { ...status, value: 'SENT' });
    expect(replaced).toEqual([{ ...status, value: 'SENT' }, nps]);
  });

  it('describes filters for their chips, list items by label', () => {
    const labels = { [listId]: { [northItemId]: 'North' } };
    const sentence = (filter: Parameters<typeof describeFilter>[0]) =>
      filterSentence(describeFilter(filter, questions, labels));
    expect(sentence({ field: 'surveyState', operator: 'is_not', value: 'IN_PROGRESS' })).toBe(
      'Status is not In Progress',
    );
    expect(sentence({ field: `surveyResponses.${storeId}`, operator: 'is', value: northItemId })).toBe(
      'Store is North',
    );
    expect(sentence({ field: `surveyResponses.${npsId}`, operator: 'lt', value: 7 })).toBe(
      'Recommend less than 7',
    );
    expect(
      sentence({ field: 'surveyContactMethods.phoneNumber', operator: 'starts_with', value: '555' }),
    ).toBe('Phone starts with 555');
  });
});

describe('responses query string (docs/product-rules.md#responses-list-filters-paging-export)', () => {
  it('defaults to the summary, page 1 and 25 rows; an unlisted page size falls back to 25', () => {
    expect(readResponsesSearch(new URLSearchParams('pageSize=30&page=abc'))).toEqual({
      tab: 'summary',
      page: 1,
      pageSize: 25,
      filters: [],
      from: undefined,
      to: undefined,
    });
    expect(readResponsesSearch(new URLSearchParams('tab=survey-responses&page=3&pageSize=50'))).toMatchObject(
      {
        tab: 'survey-responses',
        page: 3,
        pageSize: 50,
      },
    );
  });

  it('omits page and page size when default, and drops empty or malformed filters', () => {
    const params = writeResponsesSearch({
      tab: 'survey-responses',
      page: 1,
      pageSize: 25,
      filters: [
        { field: 'surveyState', operator: 'is', value: 'COMPLETE' },
        { field: 'surveyContactMethods.emailAddress', operator: 'contains', value: ' ' },
      ],
      from: undefined,
      to: undefined,
    });
    expect([...params.keys()]).toEqual(['tab', 'filters']);
    expect(JSON.parse(params.get('filters')!)).toEqual({
      logic: 'AND',
      filters: [{ field: 'surveyState', operator: 'is', value: 'COMPLETE' }],
    });
    expect(readResponsesSearch(new URLSearchParams('filters=%7Bnot-json')).filters).toEqual([]);
  });

  it('sends the date range as local day boundaries, the last day included', () => {
    const range = sentRange({ from: '2025-03-01', to: '2025-03-31' });
    expect(range.sentFrom).toBe(new Date(2025, 2, 1).toISOString());
    expect(range.sentTo).toBe(new Date(2025, 3, 1).toISOString());
    expect(sentRange({ from: undefined, to: undefined })).toEqual({ sentFrom: undefined, sentTo: undefined });
  });
});
