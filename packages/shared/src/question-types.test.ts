import { describe, expect, it } from 'vitest';
import { allowedOperators, scaleRange } from './answer-conditions.js';
import { extraAnswerText } from './answer-format.js';
import {
  findResumeIndex,
  findUnansweredRequired,
  isAnswered,
  isComplete,
  validateAnswer,
} from './answer-rules.js';
import { checkQuestionFilter, questionFilterOperators } from './response-filters.js';
import { isScoredQuestionType, scoreAnswer, scoreSurvey } from './scoring.js';
import { type SurveyQuestionInput, surveyQuestionSchema } from './survey-definition.js';
import { checkAlertsAgainstQuestions } from './survey-settings.js';

// The added question types (decision 027).

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

const ces = () =>
  question({ type: 'CustomerEffortScore', startLabel: 'Very difficult', endLabel: 'Very easy' });
const csat = () => question({ type: 'CustomerSatisfactionScore' });
const date = () => question({ type: 'DateEntry', minDate: '2026-01-01', maxDate: '2026-12-31' });
const consent = () =>
  question({
    type: 'Consent',
    consentText: 'I agree to be contacted.',
    linkUrl: 'https://example.com/privacy',
  });
const ranking = () => question({ type: 'Ranking', answerOptions: ['Price', 'Speed', 'Service'] });
const matrix = () =>
  question({
    type: 'Matrix',
    rows: [
      { id: 'staff', text: 'The staff were friendly' },
      { id: 'wait', text: 'The wait was short' },
    ],
    columns: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
  });

describe('the definitions of the new types', () => {
  it('defaults CSAT to faces and refuses other displays', () => {
    expect(csat()).toMatchObject({ display: 'faces' });
    expect(() => question({ type: 'CustomerSatisfactionScore', display: 'hearts' })).toThrow(
      'Choose faces or stars',
    );
  });

  it('refuses a date range that ends before it starts, and dates that are not YYYY-MM-DD', () => {
    expect(() => question({ type: 'DateEntry', minDate: '2026-05-01', maxDate: '2026-04-01' })).toThrow(
      'The latest date must not be before the earliest date',
    );
    expect(() => question({ type: 'DateEntry', minDate: '01/05/2026' })).toThrow(
      'Enter a date as YYYY-MM-DD',
    );
  });

  it('needs a consent text and an http(s) link when one is given', () => {
    expect(() => question({ type: 'Consent', consentText: ' ' })).toThrow('Consent text is required');
    expect(() => question({ type: 'Consent', consentText: 'Yes', linkUrl: 'javascript:alert(1)' })).toThrow(
      'Please enter a valid URL',
    );
    expect(() => question({ type: 'Consent', consentText: 'Yes', linkLabel: 'Privacy' })).toThrow(
      'Enter the link the label points to',
    );
  });

  it('needs two different ranking options, and distinct matrix statements and columns', () => {
    expect(() => question({ type: 'Ranking', answerOptions: ['Only'] })).toThrow(
      'Add at least two options to rank',
    );
    expect(() => question({ type: 'Ranking', answerOptions: ['A', 'a'] })).toThrow(
      'Each option must be different',
    );
    expect(() =>
      question({ type: 'Matrix', rows: [{ id: 'a', text: 'One' }], columns: ['Yes', 'yes'] }),
    ).toThrow('Each column must be different');
    expect(() =>
      question({
        type: 'Matrix',
        rows: [
          { id: 'a', text: 'One' },
          { id: 'a', text: 'Two' },
        ],
        columns: ['No', 'Yes'],
      }),
    ).toThrow('Each statement needs its own id');
  });
});

describe('validateAnswer and isAnswered for the new types', () => {
  it('takes whole numbers 1-7 for CES and 1-5 for CSAT', () => {
    expect(validateAnswer(ces(), 7)).toBeUndefined();
    expect(validateAnswer(ces(), 8)).toBe('Choose a whole number from 1 to 7');
    expect(validateAnswer(ces(), 0)).toBe('Choose a whole number from 1 to 7');
    expect(validateAnswer(csat(), 5)).toBeUndefined();
    expect(validateAnswer(csat(), 6)).toBe('Choose a whole number from 1 to 5');
    expect(validateAnswer(csat(), '4')).toBe('Expected a number');
  });

  it('takes real dates within the range', () => {
    expect(validateAnswer(date(), '2026-06-15')).toBeUndefined();
    expect(validateAnswer(date(), '2026-02-30')).toBe('Enter a real date as YYYY-MM-DD');
    expect(validateAnswer(date(), '2025-12-31')).toBe('Choose a date on or after 2026-01-01');
    expect(validateAnswer(date(), '2027-01-01')).toBe('Choose a date on or before 2026-12-31');
    expect(validateAnswer(date(), 20260615)).toBe('Expected a date');
    expect(isAnswered(date(), '')).toBe(false);
  });

  it('takes only true for consent; false is no answer', () => {
    expect(validateAnswer(consent(), true)).toBeUndefined();
    expect(validateAnswer(consent(), false)).toBe('Consent is given by ticking the box (true)');
    expect(validateAnswer(consent(), 'yes')).toBe('Consent is given by ticking the box (true)');
    expect(isAnswered(consent(), true)).toBe(true);
    expect(isAnswered(consent(), false)).toBe(false);
  });

  it('takes every ranking option exactly once', () => {
    expect(validateAnswer(ranking(), ['Speed', 'Price', 'Service'])).toBeUndefined();
    expect(validateAnswer(ranking(), ['Speed', 'Price'])).toBe('Rank every option exactly once');
    expect(validateAnswer(ranking(), ['Speed', 'Speed', 'Price'])).toBe('Rank every option exactly once');
    expect(validateAnswer(ranking(), ['Speed', 'Price', 'Luck'])).toBe('"Luck" is not one of the options');
    expect(validateAnswer(ranking(), 'Speed')).toBe('Expected the options in order');
  });

  it('takes a column position per statement of a matrix', () => {
    expect(validateAnswer(matrix(), { staff: 5, wait: 1 })).toBeUndefined();
    expect(validateAnswer(matrix(), { staff: 6 })).toBe('Choose a column from 1 to 5 for each statement');
    expect(validateAnswer(matrix(), { parking: 3 })).toBe('"parking" is not a statement of this question');
    expect(validateAnswer(matrix(), [3, 4])).toBe('Expected an answer for each statement');
    expect(isAnswered(matrix(), {})).toBe(false);
    expect(isAnswered(matrix(), { staff: 4 })).toBe(true);
  });

  it('needs every statement of a required matrix', () => {
    const required = { ...matrix(), validation: { required: true } };
    expect(isComplete(required, { staff: 4 })).toBe(false);
    expect(isComplete(required, { staff: 4, wait: 2 })).toBe(true);
    expect(findUnansweredRequired([required], { [required.id]: { staff: 4 } })).toEqual([required]);
  });

  it('resumes at a matrix with statements left', () => {
    const grid = matrix();
    const later = ces();
    expect(findResumeIndex([grid, later], { [grid.id]: { staff: 4 } })).toBe(0);
    expect(findResumeIndex([grid, later], { [grid.id]: { staff: 4, wait: 1 } })).toBe(1);
  });
});

describe('scoring the new types', () => {
  it('scores CES, CSAT and a matrix by its rows, and not the others', () => {
    expect(scoreAnswer(ces(), 7)?.percentage).toBe(100);
    expect(scoreAnswer(ces(), 4)?.percentage).toBe(50);
    expect(scoreAnswer(csat(), 4)?.percentage).toBe(75);
    expect(scoreAnswer(matrix(), { staff: 5, wait: 2 })).toMatchObject({ score: 3.5, percentage: 62.5 });
    expect(scoreAnswer(matrix(), {})).toBeUndefined();
    for (const other of [date(), consent(), ranking()]) expect(isScoredQuestionType(other.type)).toBe(false);
    expect(scaleRange(matrix())).toEqual({ min: 1, max: 5 });
  });

  it('counts them in the composite score', () => {
    const effort = question({ type: 'CustomerEffortScore', compositeScore: { enabled: true, value: 0 } });
    const grid = question({ ...matrix(), compositeScore: { enabled: true, value: 0 } });
    const score = scoreSurvey(
      { questions: [effort, grid] },
      { [effort.id]: 7, [grid.id]: { staff: 1, wait: 1 } },
    );
    expect(score.overallPercentage).toBe(50);
    expect(score.scoredQuestionCount).toBe(2);
  });
});

describe('filters and alerts of the new types', () => {
  it('offers numeric operators to CES, CSAT, matrix and date, choice ones to ranking and consent', () => {
    for (const item of [ces(), csat(), matrix(), date()])
      expect(questionFilterOperators(item.type)).toContain('gte');
    expect(questionFilterOperators('Ranking')).toEqual(['is', 'is_not']);
    expect(questionFilterOperators('Consent')).toEqual(['is', 'is_not']);
  });

  it('checks filter values by type', () => {
    const field = 'surveyResponses.x';
    expect(checkQuestionFilter(ces(), { field, operator: 'gt', value: 8 })).toMatch(/from 1 to 7/);
    expect(checkQuestionFilter(matrix(), { field, operator: 'gte', value: 3.5 })).toBeUndefined();
    expect(checkQuestionFilter(date(), { field, operator: 'lt', value: '2026-03-01' })).toBeUndefined();
    expect(checkQuestionFilter(date(), { field, operator: 'lt', value: 'March' })).toMatch(/YYYY-MM-DD/);
    expect(checkQuestionFilter(consent(), { field, operator: 'is', value: 'true' })).toBeUndefined();
    expect(checkQuestionFilter(consent(), { field, operator: 'is', value: 'maybe' })).toMatch(/must be true/);
    expect(checkQuestionFilter(ranking(), { field, operator: 'is', value: 'Luck' })).toMatch(
      /one of the options/,
    );
  });

  it('allows alert operators by type and checks their values', () => {
    expect(allowedOperators('CustomerEffortScore')).toHaveLength(6);
    expect(allowedOperators('Matrix')).toHaveLength(6);
    expect(allowedOperators('DateEntry')).toContain('LESS_THAN');
    expect(allowedOperators('Consent')).toEqual(['IS_EMPTY', 'IS_NOT_EMPTY']);
    expect(allowedOperators('Ranking')).not.toContain('GREATER_THAN');
    const questions = [csat(), date(), ranking()];
    const alert = {
      id: 'a',
      name: 'A',
      recipients: ['a@example.com'],
      notificationChannels: ['email' as const],
      conditions: [
        { surveyQuestionId: questions[0]!.id, operator: 'LESS_THAN' as const, value: 6 },
        { surveyQuestionId: questions[1]!.id, operator: 'GREATER_THAN' as const, value: 'soon' },
        { surveyQuestionId: questions[2]!.id, operator: 'IS_EQUAL' as const, value: 'Luck' },
      ],
    };
    expect(checkAlertsAgainstQuestions([alert], questions, [])).toEqual({
      'alerts.0.conditions.0.value': 'Enter a number from 1 to 5',
      'alerts.0.conditions.1.value': 'Enter a date as YYYY-MM-DD',
      'alerts.0.conditions.2.value': 'Choose one of the options',
    });
  });
});

describe('extraAnswerText', () => {
  it('reads each new type as a line', () => {
    expect(extraAnswerText(ces(), 6)).toBe('6 out of 7');
    expect(extraAnswerText(csat(), 4)).toBe('4 out of 5');
    expect(extraAnswerText(consent(), true)).toBe('Consent given');
    expect(extraAnswerText(ranking(), ['Speed', 'Price', 'Service'])).toBe('1. Speed, 2. Price, 3. Service');
    expect(extraAnswerText(matrix(), { wait: 2, staff: 5 })).toBe(
      'The staff were friendly: Strongly agree; The wait was short: Disagree',
    );
  });
});
