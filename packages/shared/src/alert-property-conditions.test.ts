import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { propertyConditionProblem, propertyConditionSentence } from './alert-property-conditions.js';
import { surveyPropertySchema, surveyQuestionSchema } from './survey-definition.js';
import { checkAlertsAgainstQuestions, isPropertyCondition, surveySettingsSchema } from './survey-settings.js';

// Alert conditions on survey properties (decision 035): the list's property filters' operators and values.

const plan = surveyPropertySchema.parse({ id: randomUUID(), type: 'Text', label: 'Plan' });
const seats = surveyPropertySchema.parse({ id: randomUUID(), type: 'Number', label: 'Seats' });
const renewal = surveyPropertySchema.parse({ id: randomUUID(), type: 'Date', label: 'Renewal' });
const secret = surveyPropertySchema.parse({
  id: randomUUID(),
  type: 'Text',
  label: 'Internal code',
  visibleInReportsAndFiltering: false,
});
const nps = surveyQuestionSchema.parse({
  id: randomUUID(),
  type: 'NetPromoterScore',
  question: 'Recommend?',
  label: 'NPS',
});

const alertsWith = (conditions: object[]) =>
  surveySettingsSchema.parse({
    alerts: [{ id: 'a1', name: 'Big accounts', conditions, recipients: ['boss@example.com'] }],
  }).alerts;

describe('alert conditions on survey properties', () => {
  it('parses question conditions saved without a kind, and property conditions with one', () => {
    const [alert] = alertsWith([
      { surveyQuestionId: nps.id, operator: 'LESS_THAN', value: 7 },
      { kind: 'property', surveyPropertyId: seats.id, operator: 'gte', value: 50 },
    ]);
    expect(alert!.conditions.map(isPropertyCondition)).toEqual([false, true]);
    const parsed = surveySettingsSchema.safeParse({
      alerts: [
        {
          id: 'a1',
          name: 'Big accounts',
          conditions: [{ kind: 'property', surveyPropertyId: seats.id, operator: 'GREATER_THAN', value: 1 }],
          recipients: ['boss@example.com'],
        },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['alerts', 0, 'conditions', 0, 'operator']);
    const unknownKind = surveySettingsSchema.safeParse({
      alerts: [{ id: 'a1', name: 'x', conditions: [{ kind: 'tag' }], recipients: ['boss@example.com'] }],
    });
    expect(unknownKind.error?.issues[0]?.message).toBe(
      'A condition is on a question or, with kind "property", on a survey property',
    );
  });

  it('takes the operators and values of the list filter of the property type', () => {
    expect(
      propertyConditionProblem(plan, { surveyPropertyId: plan.id, operator: 'contains', value: 'pro' }),
    ).toBe(undefined);
    expect(
      propertyConditionProblem(plan, { surveyPropertyId: plan.id, operator: 'gt', value: 'pro' }),
    ).toEqual({
      field: 'operator',
      message:
        'Plan: the operator must be one of contains, not_contains, equals, not_equals, starts_with, ends_with',
    });
    expect(
      propertyConditionProblem(seats, { surveyPropertyId: seats.id, operator: 'gt', value: 'many' }),
    ).toEqual({
      field: 'value',
      message: 'Seats: the value must be a number',
    });
    expect(
      propertyConditionProblem(seats, { surveyPropertyId: seats.id, operator: 'between', value: '10..20' }),
    ).toBe(undefined);
    expect(
      propertyConditionProblem(renewal, {
        surveyPropertyId: renewal.id,
        operator: 'lt',
        value: '01/02/2026',
      }),
    ).toEqual({ field: 'value', message: 'Renewal: the value must be a date as YYYY-MM-DD' });
  });

  it('refuses a property the survey does not have, or one hidden from reports, naming it', () => {
    const missing = randomUUID();
    const problems = checkAlertsAgainstQuestions(
      alertsWith([
        { kind: 'property', surveyPropertyId: missing, operator: 'equals', value: 'x' },
        { kind: 'property', surveyPropertyId: secret.id, operator: 'equals', value: 'x' },
        { kind: 'property', surveyPropertyId: seats.id, operator: 'is', value: 'x' },
        { kind: 'property', surveyPropertyId: plan.id, operator: 'equals', value: 'Pro' },
      ]),
      [nps],
      [plan, seats, secret],
    );
    expect(problems).toEqual({
      'alerts.0.conditions.0.surveyPropertyId': `The survey has no property ${missing}`,
      'alerts.0.conditions.1.surveyPropertyId':
        'Internal code is hidden from reports: show it in reports to use it in an alert',
      'alerts.0.conditions.2.operator':
        'Seats: the operator must be one of equals, not_equals, gt, gte, lt, lte, between',
    });
  });

  it('reads as a sentence', () => {
    expect(propertyConditionSentence(plan, { operator: 'equals', value: 'Pro' })).toBe(
      'Plan (property) equals Pro',
    );
    expect(propertyConditionSentence(seats, { operator: 'between', value: '10..20' })).toBe(
      'Seats (property) is from 10 up to (not including) 20',
    );
    expect(propertyConditionSentence(seats, { operator: 'between', value: '10..' })).toBe(
      'Seats (property) is at least 10',
    );
    expect(propertyConditionSentence(renewal, { operator: 'lt', value: '2026-01-01' })).toBe(
      'Renewal (property) is before 2026-01-01',
    );
    expect(propertyConditionSentence(undefined, { operator: 'is', value: 'x' }, 'Gold')).toBe(
      'A removed property is Gold',
    );
  });
});
