import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fillPropertyTokens,
  findPropertyTokens,
  surveyDefinitionPayloadSchema,
  surveyDefinitionSchema,
  surveyPropertySchema,
  surveyQuestionSchema,
  unknownPropertyTokens,
} from './survey-definition.js';
import { isValidReviewLink } from './values.js';

const property = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'Text',
  label: 'First name',
  ...overrides,
});
const question = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'NetPromoterScore',
  question: 'How likely are you to recommend us?',
  label: 'NPS',
  ...overrides,
});

function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : undefined;
}

describe('survey properties (docs/product-rules.md#properties-and-questions)', () => {
  it('applies the defaults', () => {
    expect(surveyPropertySchema.parse(property())).toMatchObject({
      validation: { required: false, authentication: false },
      visibleInReportsAndFiltering: true,
    });
  });

  it.each([
    [{ label: '' }, 'label', 'Property label is required'],
    [{ label: ' a ' }, 'label', 'Property label must be at least 2 characters'],
    [{ type: 'ListItem' }, 'listId', 'List selection is required for ListItem properties'],
    [{ id: 'not-a-uuid' }, 'id', 'Property id must be a UUID'],
  ])('rejects %j', (overrides, path, message) => {
    expect(firstIssue(surveyPropertySchema.safeParse(property(overrides)))).toEqual({ path, message });
  });

  it('clears the list when the type is not ListItem', () => {
    expect(surveyPropertySchema.parse(property({ listId: randomUUID() })).listId).toBeUndefined();
    const listId = randomUUID();
    expect(surveyPropertySchema.parse(property({ type: 'ListItem', listId })).listId).toBe(listId);
  });
});

describe('survey questions (docs/product-rules.md#properties-and-questions)', () => {
  it('accepts each of the seven types with its defaults', () => {
    const parsed = [
      question(),
      question({ type: 'StarRatingScale' }),
      question({ type: 'NumericScale', startNumber: 1, endNumber: 7 }),
      question({ type: 'MultipleChoice', answerOptions: ['Red', 'Blue'], multiSelect: true }),
      question({ type: 'DropdownList', listId: randomUUID() }),
      question({ type: 'ShortTextEntry' }),
      question({ type: 'LongTextEntry' }),
    ].map((input) => surveyQuestionSchema.parse(input));
    expect(parsed.map((q) => q.type)).toEqual([
      'NetPromoterScore',
      'StarRatingScale',
      'NumericScale',
      'MultipleChoice',
      'DropdownList',
      'ShortTextEntry',
      'LongTextEntry',
    ]);
    expect(parsed[0]).toMatchObject({
      endSurveyValue: '',
      active: true,
      compositeScore: { enabled: false, value: 0 },
    });
  });

  it.each([
    [{ question: '' }, 'question', 'Question text is required'],
    [{ label: '' }, 'label', 'Label is required'],
    [
      { type: 'NumericScale', startNumber: 5, endNumber: 5 },
      'endNumber',
      'The end number must be greater than the start number',
    ],
    [{ type: 'MultipleChoice' }, 'answerOptions', 'Add at least one option or choose a list'],
    [
      { type: 'DropdownList', answerOptions: ['A'], listId: randomUUID() },
      'listId',
      'Use typed options or a list, not both',
    ],
    [
      { type: 'MultipleChoice', answerOptions: ['Yes', 'yes'] },
      'answerOptions',
      'Each option must be different',
    ],
    [{ type: 'Essay' }, 'type', expect.any(String)],
  ])('rejects %j', (overrides, path, message) => {
    expect(firstIssue(surveyQuestionSchema.safeParse(question(overrides)))).toEqual({ path, message });
  });
});

describe('the definition', () => {
  it('fills every default of docs/product-rules.md#properties-and-questions', () => {
    expect(surveyDefinitionSchema.parse({})).toEqual({
      schemaVersion: '1.0',
      openingText: 'Welcome to our survey. Your feedback is important to us...',
      closingText: 'Thank you for completing our survey...',
      reviewLink: '',
      properties: [],
      questions: [],
      defaultLanguage: 'en',
      translations: {},
    });
  });

  it('accepts the definition as a JSON string or an object (docs/product-rules.md#properties-and-questions)', () => {
    const definition = { questions: [question()], properties: [property()] };
    const fromString = surveyDefinitionPayloadSchema.parse(JSON.stringify(definition));
    expect(fromString).toEqual(surveyDefinitionPayloadSchema.parse(definition));
    expect(surveyDefinitionPayloadSchema.safeParse('{not json').success).toBe(false);
  });

  it('refuses repeated ids and property labels, and a review link that is not http(s)', () => {
    const id = randomUUID();
    expect(
      firstIssue(surveyDefinitionSchema.safeParse({ questions: [question({ id }), question({ id })] }))?.path,
    ).toBe('questions.1.id');
    expect(
      firstIssue(
        surveyDefinitionSchema.safeParse({ properties: [property(), property({ label: 'FIRST NAME' })] }),
      )?.path,
    ).toBe('properties.1.label');
    expect(firstIssue(surveyDefinitionSchema.safeParse({ reviewLink: 'javascript:alert(1)' }))).toEqual({
      path: 'reviewLink',
      message: 'Please enter a valid URL',
    });
  });

  it('knows review links', () => {
    expect(isValidReviewLink('https://g.page/r/abc')).toBe(true);
    expect(isValidReviewLink('http://example.com')).toBe(true);
    expect(isValidReviewLink('ftp://example.com')).toBe(false);
    expect(isValidReviewLink('example.com')).toBe(false);
  });
});

describe('property tokens', () => {
  it('finds and fills [Property] tokens by label, case-insensitively, never sending an unknown one', () => {
    const text = 'Hello [First name], thanks for visiting [Store]! [Unknown] goes.';
    expect(findPropertyTokens(text)).toEqual(['First name', 'Store', 'Unknown']);
    expect(fillPropertyTokens(text, { 'first NAME': 'Ada', Store: 'Main Street' })).toBe(
      'Hello Ada, thanks for visiting Main Street! goes.',
    );
    expect(fillPropertyTokens('Hi [First name]!', { 'First name': '' })).toBe('Hi !');
  });

  it('names the tokens that match no property, once each, as written', () => {
    const properties = [{ label: 'First name' }, { label: 'Store' }];
    expect(
      unknownPropertyTokens('[first NAME] [Frist name] [Store] [Frist name] [ Town ]', properties),
    ).toEqual(['[Frist name]', '[Town]']);
    expect(unknownPropertyTokens('No tokens here', properties)).toEqual([]);
  });
});
