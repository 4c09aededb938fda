import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowedOperators } from './answer-conditions.js';
import { surveyQuestionSchema } from './survey-definition.js';
import {
  checkAlertsAgainstQuestions,
  clampToScale,
  parseRecipients,
  reminderSchema,
  surveySettingsSchema,
} from './survey-settings.js';

const nps = surveyQuestionSchema.parse({
  id: randomUUID(),
  type: 'NetPromoterScore',
  question: 'Recommend?',
  label: 'NPS',
});
const stars = surveyQuestionSchema.parse({
  id: randomUUID(),
  type: 'StarRatingScale',
  question: 'Stars?',
  label: 'Stars',
});
const scale = surveyQuestionSchema.parse({
  id: randomUUID(),
  type: 'NumericScale',
  question: 'Scale?',
  label: 'Scale',
  startNumber: 2,
  endNumber: 8,
});
const text = surveyQuestionSchema.parse({
  id: randomUUID(),
  type: 'ShortTextEntry',
  question: 'Why?',
  label: 'Why',
});

describe('settings defaults (docs/product-rules.md#survey-templates-and-versions)', () => {
  it('expires after 30 days with no reminders or alerts, and the fixed welcome time', () => {
    expect(surveySettingsSchema.parse({})).toEqual({
      expiration: { duration: 30, period: 'days' },
      reminders: [],
      alerts: [],
      showEstimatedTime: false,
    });
  });
});

describe('reminders (docs/product-rules.md#survey-templates-and-versions)', () => {
  const reminder = (overrides: Record<string, unknown>) => ({
    id: randomUUID(),
    duration: 2,
    period: 'days',
    ...overrides,
  });

  it('falls back to the default message and event', () => {
    expect(reminderSchema.parse(reminder({ message: '  ' }))).toMatchObject({
      event: 'sent',
      message: 'Please complete the survey...',
    });
  });

  it.each([
    [{ duration: 0 }, 'Duration must be greater than 0'],
    [{ duration: 366 }, 'Duration cannot exceed 365'],
    [{ duration: 'two' }, 'Duration must be a number'],
    [{ period: undefined }, 'Unit is required'],
  ])('rejects %j', (overrides, message) => {
    expect(reminderSchema.safeParse(reminder(overrides)).error?.issues[0]?.message).toBe(message);
  });
});

describe('alert conditions (docs/product-rules.md#survey-templates-and-versions)', () => {
  it('allows all six operators on scales and four on other questions', () => {
    expect(allowedOperators('NetPromoterScore')).toHaveLength(6);
    expect(allowedOperators('MultipleChoice')).toEqual([
      'IS_EQUAL',
      'IS_NOT_EQUAL',
      'IS_EMPTY',
      'IS_NOT_EMPTY',
    ]);
  });

  it('clamps numbers to the scale', () => {
    expect(clampToScale(nps, 14)).toBe(10);
    expect(clampToScale(stars, 0)).toBe(1);
    expect(clampToScale(scale, 1)).toBe(2);
    expect(clampToScale(text, 99)).toBe(99);
  });

  it('checks conditions against the questions', () => {
    const alert = (conditions: object[]) =>
      surveySettingsSchema.parse({
        alerts: [{ id: 'a1', name: 'Detractor', conditions, recipients: ['boss@example.com'] }],
      }).alerts;
    expect(
      checkAlertsAgainstQuestions(
        alert([{ surveyQuestionId: nps.id, operator: 'LESS_THAN', value: 7 }]),
        [nps],
        [],
      ),
    ).toEqual({});
    expect(
      checkAlertsAgainstQuestions(
        alert([
          { surveyQuestionId: nps.id, operator: 'LESS_THAN', value: 11 },
          { surveyQuestionId: text.id, operator: 'GREATER_THAN', value: 'x' },
          { surveyQuestionId: randomUUID(), operator: 'IS_EMPTY' },
          { surveyQuestionId: text.id, operator: 'IS_EQUAL', value: '' },
          { surveyQuestionId: text.id, operator: 'IS_NOT_EMPTY' },
        ]),
        [nps, text],
        [],
      ),
    ).toEqual({
      'alerts.0.conditions.0.value': 'Enter a number from 0 to 10',
      'alerts.0.conditions.1.operator': 'This operator does not apply to the question',
      'alerts.0.conditions.2.surveyQuestionId': 'This question is not in the survey',
      'alerts.0.conditions.3.value': 'Enter a value',
    });
  });

  it('needs a name and valid recipients', () => {
    const result = surveySettingsSchema.safeParse({
      alerts: [
        {
          id: 'a1',
          name: '',
          conditions: [{ surveyQuestionId: nps.id, operator: 'IS_EMPTY' }],
          recipients: ['nope'],
        },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'Alert name is required',
      'Please enter valid email addresses',
    ]);
    expect(parseRecipients(' a@b.co, ,c@d.co ')).toEqual(['a@b.co', 'c@d.co']);
  });
});
