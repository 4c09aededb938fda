import { describe, expect, it } from 'vitest';
import {
  authenticationValueMatches,
  checkAuthenticationForm,
  estimatedTimeText,
  estimateMinutes,
  findResumeIndex,
  findUnansweredRequired,
  isAnswered,
  normaliseAuthenticationValue,
  toOtherAnswer,
  validateAnswer,
} from './answer-rules.js';
import { type SurveyQuestionInput, surveyQuestionSchema } from './survey-definition.js';

let sequence = 0;
function question(input: {
  type: SurveyQuestionInput['type'];
  required?: boolean;
  [field: string]: unknown;
}) {
  sequence += 1;
  const { required = false, ...rest } = input;
  return surveyQuestionSchema.parse({
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    question: `Question ${sequence}`,
    label: `Q${sequence}`,
    validation: { required },
    ...rest,
  });
}

const itemId = '9c1a2b3c-4d5e-4f60-8a7b-8c9d0e1f2a33';
const listId = '0d9b6d0a-3a5e-4d0b-8d6e-7c2f5b9a1e22';

describe('validateAnswer', () => {
  it('takes whole numbers in range for scales (NPS 0-10, stars 1-5, numeric start-end)', () => {
    const nps = question({ type: 'NetPromoterScore' });
    expect(validateAnswer(nps, 0)).toBeUndefined();
    expect(validateAnswer(nps, 10)).toBeUndefined();
    expect(validateAnswer(nps, 11)).toBe('Choose a whole number from 0 to 10');
    expect(validateAnswer(nps, 4.5)).toBe('Choose a whole number from 0 to 10');
    expect(validateAnswer(nps, '7')).toBe('Expected a number');
    const stars = question({ type: 'StarRatingScale' });
    expect(validateAnswer(stars, 0)).toBe('Choose a whole number from 1 to 5');
    expect(validateAnswer(stars, 5)).toBeUndefined();
    const numeric = question({ type: 'NumericScale', startNumber: -2, endNumber: 2 });
    expect(validateAnswer(numeric, -2)).toBeUndefined();
    expect(validateAnswer(numeric, 3)).toBe('Choose a whole number from -2 to 2');
  });

  it('takes offered options for multiple choice: one unless multiSelect, "Other: …" when offered', () => {
    const single = question({ type: 'MultipleChoice', answerOptions: ['Tyres', 'Oil'] });
    expect(validateAnswer(single, ['Oil'])).toBeUndefined();
    expect(validateAnswer(single, [])).toBeUndefined();
    expect(validateAnswer(single, ['Oil', 'Tyres'])).toBe('Choose only one option');
    expect(validateAnswer(single, ['Brakes'])).toBe('"Brakes" is not one of the options');
    expect(validateAnswer(single, 'Oil')).toBe('Expected a list of options');
    expect(validateAnswer(single, [toOtherAnswer('Brakes')])).toBe(
      '"Other: Brakes" is not one of the options',
    );
    const multi = question({
      type: 'MultipleChoice',
      answerOptions: ['Tyres', 'Oil'],
      multiSelect: true,
      includeOtherOption: true,
    });
    expect(validateAnswer(multi, ['Oil', 'Tyres', 'Other: Brakes'])).toBeUndefined();
    expect(validateAnswer(multi, ['Oil', 'Oil'])).toBe('Each option can be chosen once');
    expect(validateAnswer(multi, ['Other: a', 'Other: b'])).toBe('Only one other answer can be given');
    expect(validateAnswer(multi, ['Other: '])).toBe('"Other: " is not one of the options');
  });

  it('takes list item ids for list-based questions', () => {
    const fromList = question({ type: 'DropdownList', listId });
    const context = { listItemIds: new Set([itemId]) };
    expect(validateAnswer(fromList, itemId, context)).toBeUndefined();
    expect(validateAnswer(fromList, 'North', context)).toBe('"North" is not one of the options');
    expect(validateAnswer(fromList, ['x'], context)).toBe('Expected one option');
  });

  it('limits texts to maxLength', () => {
    const short = question({ type: 'ShortTextEntry', maxLength: 5 });
    expect(validateAnswer(short, 'abcde')).toBeUndefined();
    expect(validateAnswer(short, 'abcdef')).toBe('Must be at most 5 characters');
    expect(validateAnswer(short, 5)).toBe('Expected text');
    expect(validateAnswer(short, null)).toBeUndefined();
  });
});

describe('answered and required (docs/product-rules.md#the-respondent-page, with 0 a real NPS answer)', () => {
  const nps = question({ type: 'NetPromoterScore', required: true });
  const stars = question({ type: 'StarRatingScale', required: true });
  const text = question({ type: 'LongTextEntry', required: true });
  const optional = question({ type: 'ShortTextEntry' });

  it('counts 0 as an NPS answer but not as a star rating', () => {
    expect(isAnswered(nps, 0)).toBe(true);
    expect(isAnswered(stars, 0)).toBe(false);
    expect(isAnswered(text, '  ')).toBe(false);
    expect(isAnswered(text, 'ok')).toBe(true);
    expect(isAnswered(text, [])).toBe(false);
    expect(isAnswered(text, null)).toBe(false);
  });

  it('lists required questions without an answer and finds where to resume', () => {
    const questions = [nps, stars, text, optional];
    expect(findUnansweredRequired(questions, { [nps.id]: 0, [text.id]: '' }).map((q) => q.id)).toEqual([
      stars.id,
      text.id,
    ]);
    expect(findUnansweredRequired(questions, { [nps.id]: 0, [stars.id]: 4, [text.id]: 'x' })).toEqual([]);
    expect(findResumeIndex(questions, { [nps.id]: 3 })).toBe(1);
    expect(
      findResumeIndex(questions, { [nps.id]: 3, [stars.id]: 2, [text.id]: 'x', [optional.id]: 'y' }),
    ).toBe(3);
  });

  it('estimates the time from the number and kinds of questions, at least a minute', () => {
    expect(estimateMinutes({ questions: [] })).toBe(1);
    expect(estimateMinutes({ questions: [nps, stars] })).toBe(1);
    const long = Array.from({ length: 6 }, () => question({ type: 'LongTextEntry' }));
    expect(estimateMinutes({ questions: long })).toBe(7);
    expect(estimatedTimeText(1)).toBe('This survey should take about 1 minute to complete.');
    expect(estimatedTimeText(3)).toBe('This survey should take about 3 minutes to complete.');
  });
});

describe('respondent authentication values (docs/product-rules.md#respondent-authentication)', () => {
  it('compares text trimmed and ignoring case', () => {
    expect(authenticationValueMatches('Text', '  lovelace ', 'Lovelace')).toBe(true);
    expect(authenticationValueMatches('Text', 'Byron', 'Lovelace')).toBe(false);
    expect(authenticationValueMatches('Text', '', '')).toBe(false);
    // Inner runs of spaces count as one; codes ignore their spaces and hyphens.
    expect(authenticationValueMatches('Text', 'Ada   King', 'ada king')).toBe(true);
    expect(authenticationValueMatches('Text', 'AdaKing', 'Ada King')).toBe(false);
    expect(authenticationValueMatches('Text', 'sw1a 1aa', 'SW1A 1AA')).toBe(true);
    expect(authenticationValueMatches('Text', 'sw1a1aa', 'SW1A 1AA')).toBe(true);
    expect(authenticationValueMatches('Text', '12-34-56', '123456')).toBe(true);
    expect(authenticationValueMatches('Text', 'SW1A 1AB', 'SW1A 1AA')).toBe(false);
    expect(authenticationValueMatches('Text', 'ＡＢＣ１２３', 'abc 123')).toBe(true);
  });

  it('compares numbers, dates, instants and booleans by value', () => {
    expect(authenticationValueMatches('Number', '42.0', 42)).toBe(true);
    expect(authenticationValueMatches('Number', 'forty-two', 42)).toBe(false);
    expect(authenticationValueMatches('Date', '1990-02-28T00:00:00.000Z', '1990-02-28')).toBe(true);
    expect(authenticationValueMatches('Date', '1990-03-01', '1990-02-28')).toBe(false);
    expect(
      authenticationValueMatches('DateTime', '2026-01-02T03:04:00+01:00', '2026-01-02T02:04:00.000Z'),
    ).toBe(true);
    expect(authenticationValueMatches('Boolean', 'true', true)).toBe(true);
    expect(authenticationValueMatches('Boolean', false, true)).toBe(false);
    expect(normaliseAuthenticationValue('Boolean', 'maybe')).toBeUndefined();
  });

  it('checks and converts the form with its messages', () => {
    const fields = [
      { id: 'name', label: 'Last name', type: 'Text' as const, required: true },
      { id: 'zip', label: 'Zip', type: 'Number' as const, required: false },
      { id: 'born', label: 'Birthday', type: 'Date' as const, required: false },
      { id: 'vip', label: 'VIP', type: 'Boolean' as const, required: false },
    ];
    expect(checkAuthenticationForm(fields, { name: ' ', zip: '12a', born: 'soon' }).errors).toEqual({
      name: 'Last name is required',
      zip: 'Zip must be a valid number',
      born: 'Birthday must be a valid date',
    });
    expect(
      checkAuthenticationForm(fields, { name: ' Lovelace ', zip: '02139', born: '1990-02-28', vip: 'true' }),
    ).toEqual({
      values: { name: 'Lovelace', zip: 2139, born: '1990-02-28', vip: true },
      errors: {},
      problems: {},
    });
  });
});

describe('the authentication form, as the respondent page fills it', () => {
  const fields = [
    { id: 'text', label: 'Last Name', type: 'Text', required: true },
    { id: 'number', label: 'Age', type: 'Number', required: false },
    { id: 'date', label: 'Birthday', type: 'Date', required: false },
    { id: 'time', label: 'Visit', type: 'DateTime', required: false },
    { id: 'yes', label: 'Member', type: 'Boolean', required: false },
  ] as const;

  it('names each problem with its message', () => {
    expect(checkAuthenticationForm(fields, { text: '  ', number: 'twelve', date: 'soon' }).errors).toEqual({
      text: 'Last Name is required',
      number: 'Age must be a valid number',
      date: 'Birthday must be a valid date',
    });
    expect(checkAuthenticationForm(fields, { text: '  ', number: 'twelve', date: 'soon' }).problems).toEqual({
      text: 'required',
      number: 'invalidNumber',
      date: 'invalidDate',
    });
  });

  it('converts values to their types and leaves empty ones out', () => {
    // A datetime-local value: local time, without a zone.
    const visit = '2024-05-01T10:30';
    const { values, errors } = checkAuthenticationForm(fields, {
      text: '  Lovelace ',
      number: '36.5',
      date: '1815-12-10',
      time: visit,
      yes: 'true',
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      text: 'Lovelace',
      number: 36.5,
      date: '1815-12-10',
      time: new Date(visit).toISOString(),
      yes: true,
    });
    expect(checkAuthenticationForm(fields, { text: 'x', yes: 'false' }).values).toEqual({
      text: 'x',
      yes: false,
    });
  });

  it('resumes at the first unanswered question, 0 answering NPS but not stars', () => {
    const questions = [
      question({ type: 'NetPromoterScore' }),
      question({ type: 'StarRatingScale' }),
      question({ type: 'ShortTextEntry' }),
    ];
    const [nps, stars, text] = questions.map((item) => item.id) as [string, string, string];
    expect(findResumeIndex(questions, {})).toBe(0);
    expect(findResumeIndex(questions, { [nps]: 0 })).toBe(1);
    expect(findResumeIndex(questions, { [nps]: 0, [stars]: 0 })).toBe(1);
    expect(findResumeIndex(questions, { [nps]: 3, [stars]: 4, [text]: 'x' })).toBe(2);
    expect(estimatedTimeText(1)).toBe('This survey should take about 1 minute to complete.');
    expect(estimatedTimeText(7)).toBe('This survey should take about 7 minutes to complete.');
  });
});
