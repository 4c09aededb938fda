import { describe, expect, it } from 'vitest';
import {
  checkQuestionFilter,
  listSurveyResponsesQuerySchema,
  questionFilterField,
  questionFilterOperators,
  readQuestionFilterField,
  responseFiltersParamSchema,
  serializeResponseFilters,
  surveyStateStatus,
} from './response-filters.js';
import { surveyDefinitionSchema } from './survey-definition.js';
import { neutralizeSpreadsheetCell } from './survey-responses.js';

const questionId = '00000000-0000-4000-8000-000000000001';
const [nps, choice, text] = surveyDefinitionSchema.parse({
  questions: [
    { id: questionId, type: 'NetPromoterScore', question: 'Recommend?', label: 'NPS' },
    {
      id: '00000000-0000-4000-8000-000000000002',
      type: 'MultipleChoice',
      question: 'Bought?',
      label: 'Bought',
      answerOptions: ['Tyres', 'Oil'],
    },
    { id: '00000000-0000-4000-8000-000000000003', type: 'ShortTextEntry', question: 'Name?', label: 'Name' },
  ],
}).questions;

const parse = (value: unknown) => responseFiltersParamSchema.safeParse(JSON.stringify(value));
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the filter contract', () => {
  it('accepts every field with its operators', () => {
    const result = parse({
      logic: 'AND',
      filters: [
        { field: 'surveyState', operator: 'is', value: 'IN_PROGRESS' },
        { field: 'surveyContactMethods.emailAddress', operator: 'ends_with', value: '@example.com' },
        { field: 'surveyContactMethods.phoneNumber', operator: 'contains', value: '(555) 12' },
        { field: questionFilterField(questionId), operator: 'gte', value: 9 },
      ],
    });
    expect(result.success).toBe(true);
    expect(result.data?.filters).toHaveLength(4);
  });

  it('names the problem of a malformed filter', () => {
    expect(messages(responseFiltersParamSchema.safeParse('{not json'))).toEqual([
      'filters is not valid JSON',
    ]);
    expect(messages(parse({ logic: 'OR', filters: [] }))).toEqual(['Filters combine with AND only']);
    expect(messages(parse({ filters: [{ field: 'surveyState', operator: 'gt', value: 'SENT' }] }))).toEqual([
      'A status filter takes is or is_not',
    ]);
    expect(messages(parse({ filters: [{ field: 'surveyState', operator: 'is', value: 'OPENED' }] }))).toEqual(
      ["A status filter's value must be one of COMPLETE, IN_PROGRESS, SENT"],
    );
    expect(messages(parse({ filters: [{ field: 'nickname', operator: 'is', value: 'x' }] }))[0]).toMatch(
      /^Unknown filter field "nickname"/,
    );
    expect(
      messages(
        parse({ filters: [{ field: 'surveyContactMethods.emailAddress', operator: 'gt', value: 'a' }] }),
      ),
    ).toEqual([
      'A contact filter takes one of contains, not_contains, equals, not_equals, starts_with, ends_with',
    ]);
    expect(
      messages(
        parse({
          filters: [{ field: 'surveyContactMethods.phoneNumber', operator: 'contains', value: 'ab' }],
        }),
      ),
    ).toEqual(['A phone filter needs digits']);
    expect(
      messages(parse({ filters: [{ field: 'surveyResponses.42', operator: 'is', value: 'x' }] })),
    ).toEqual(['"42" is not a question id']);
    expect(messages(parse({ filters: [{ field: 'surveyState', operator: 'like', value: 'x' }] }))[0]).toMatch(
      /^The operator must be one of/,
    );
  });

  it('treats an empty filters parameter as no filters', () => {
    expect(responseFiltersParamSchema.parse('')).toEqual({ logic: 'AND', filters: [] });
  });

  it('checks a question filter against the question type and range', () => {
    const filter = (operator: string, value: string | number) =>
      ({ field: questionFilterField(questionId), operator, value }) as never;
    expect(checkQuestionFilter(nps!, filter('gt', 8))).toBeUndefined();
    expect(checkQuestionFilter(nps!, filter('gt', '8'))).toBeUndefined();
    expect(checkQuestionFilter(nps!, filter('is', 8))).toBe(
      'NPS: the operator must be one of equals, not_equals, gt, gte, lt, lte',
    );
    expect(checkQuestionFilter(nps!, filter('equals', 11))).toBe('NPS: the value must be from 0 to 10');
    expect(checkQuestionFilter(nps!, filter('equals', 'ten'))).toBe('NPS: the value must be a number');
    expect(checkQuestionFilter(choice!, filter('is_not', 'Oil'))).toBeUndefined();
    expect(checkQuestionFilter(choice!, filter('contains', 'Oil'))).toMatch(
      /operator must be one of is, is_not/,
    );
    expect(checkQuestionFilter(text!, filter('starts_with', ''))).toBe('Name: a value is required');
    expect(questionFilterOperators('LongTextEntry')).toContain('not_contains');
  });

  it('reads question fields and serialises filters for the query string', () => {
    expect(readQuestionFilterField(`surveyResponses.${questionId}`)).toBe(questionId);
    expect(readQuestionFilterField('surveyState')).toBeUndefined();
    expect(serializeResponseFilters([])).toBeUndefined();
    expect(
      JSON.parse(serializeResponseFilters([{ field: 'surveyState', operator: 'is', value: 'SENT' }])!),
    ).toEqual({ logic: 'AND', filters: [{ field: 'surveyState', operator: 'is', value: 'SENT' }] });
  });

  it('shows states as docs/product-rules.md#responses-list-filters-paging-export says', () => {
    expect(surveyStateStatus('COMPLETE')).toBe('COMPLETE');
    expect(surveyStateStatus('completed')).toBe('COMPLETE');
    expect(surveyStateStatus('OPENED')).toBe('IN_PROGRESS');
    expect(surveyStateStatus('in-progress')).toBe('IN_PROGRESS');
    expect(surveyStateStatus('delivered')).toBe('SENT');
  });
});

describe('the list query', () => {
  const base = { surveyTemplateId: '00000000-0000-4000-8000-0000000000aa' };
  it('defaults page 1, limit 25 and both parts', () => {
    expect(listSurveyResponsesQuerySchema.parse(base)).toMatchObject({ page: 1, limit: 25, include: 'all' });
  });

  it('takes page sizes 10, 25, 50, 100; any other falls back to 25', () => {
    expect(listSurveyResponsesQuerySchema.parse({ ...base, limit: '100', page: '4' })).toMatchObject({
      limit: 100,
      page: 4,
    });
    for (const limit of ['30', '0', '1000', 'many', '']) {
      expect(listSurveyResponsesQuerySchema.parse({ ...base, limit }).limit, limit).toBe(25);
    }
    expect(listSurveyResponsesQuerySchema.safeParse({ ...base, page: '0' }).success).toBe(false);
  });

  it('reads a date range as instants', () => {
    const query = listSurveyResponsesQuerySchema.parse({
      ...base,
      sentFrom: '2026-01-05',
      sentTo: '2026-01-06T05:00:00.000Z',
    });
    expect(query.sentFrom?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(query.sentTo?.toISOString()).toBe('2026-01-06T05:00:00.000Z');
    expect(listSurveyResponsesQuerySchema.safeParse({ ...base, sentFrom: 'yesterday' }).success).toBe(false);
  });
});

describe('spreadsheet cells', () => {
  it('neutralises cells that a spreadsheet would read as formulas', () => {
    for (const value of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeSpreadsheetCell(value)).toBe(`'${value}`);
    }
    expect(neutralizeSpreadsheetCell('Ada')).toBe('Ada');
    expect(neutralizeSpreadsheetCell('')).toBe('');
  });
});
