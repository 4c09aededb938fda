import { randomUUID } from 'node:crypto';
import {
  type Alert,
  type QuestionAlertCondition,
  type SurveyQuestion,
  surveyQuestionSchema,
} from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { alertFires, conditionHolds } from './alert-conditions.js';

function question(input: Record<string, unknown>): SurveyQuestion {
  return surveyQuestionSchema.parse({ id: randomUUID(), question: 'Q?', label: 'Q', ...input });
}

const nps = question({ type: 'NetPromoterScore' });
const stars = question({ type: 'StarRatingScale' });
const numeric = question({ type: 'NumericScale', startNumber: 1, endNumber: 7 });
const choice = question({ type: 'MultipleChoice', answerOptions: ['Tyres', 'Oil'], multiSelect: true });
const dropdown = question({ type: 'DropdownList', answerOptions: ['North', 'South'] });
const short = question({ type: 'ShortTextEntry' });
const long = question({ type: 'LongTextEntry' });

function holds(
  q: SurveyQuestion,
  operator: QuestionAlertCondition['operator'],
  value: string | number,
  answer: unknown,
) {
  const responses = answer === undefined ? {} : { [q.id]: answer as string };
  return conditionHolds({ surveyQuestionId: q.id, operator, value }, q, responses);
}

describe('alert conditions', () => {
  it('compares scale answers as numbers, whatever the type of the value', () => {
    for (const q of [nps, stars, numeric]) {
      expect(holds(q, 'LESS_THAN', 4, 3)).toBe(true);
      expect(holds(q, 'LESS_THAN', '4', 4)).toBe(false);
      expect(holds(q, 'GREATER_THAN', '3', 4)).toBe(true);
      expect(holds(q, 'GREATER_THAN', 4, 4)).toBe(false);
      expect(holds(q, 'IS_EQUAL', '5', 5)).toBe(true);
      expect(holds(q, 'IS_EQUAL', '5.0', 5)).toBe(true);
      expect(holds(q, 'IS_NOT_EQUAL', 5, 4)).toBe(true);
      expect(holds(q, 'IS_NOT_EQUAL', 5, 5)).toBe(false);
      expect(holds(q, 'GREATER_THAN', 0, undefined)).toBe(false);
      expect(holds(q, 'LESS_THAN', 10, undefined)).toBe(false);
    }
    // 0 is a real NPS answer: not empty, and less than 7.
    expect(holds(nps, 'LESS_THAN', 7, 0)).toBe(true);
    expect(holds(nps, 'IS_EMPTY', '', 0)).toBe(false);
  });

  it('takes "equals" as "contains" for a multiple choice, ignoring case and spaces', () => {
    expect(holds(choice, 'IS_EQUAL', 'oil', ['Tyres', ' Oil '])).toBe(true);
    expect(holds(choice, 'IS_EQUAL', 'Brakes', ['Tyres', 'Oil'])).toBe(false);
    expect(holds(choice, 'IS_NOT_EQUAL', 'Brakes', ['Tyres'])).toBe(true);
    expect(holds(choice, 'IS_NOT_EQUAL', 'Tyres', ['Tyres'])).toBe(false);
    expect(holds(choice, 'IS_EMPTY', '', [])).toBe(true);
    expect(holds(choice, 'IS_NOT_EMPTY', '', ['Oil'])).toBe(true);
  });

  it('compares dropdown and text answers trimmed and ignoring case', () => {
    expect(holds(dropdown, 'IS_EQUAL', 'north', 'North')).toBe(true);
    expect(holds(dropdown, 'IS_NOT_EQUAL', 'North', 'South')).toBe(true);
    for (const q of [short, long]) {
      expect(holds(q, 'IS_EQUAL', 'terrible', '  Terrible ')).toBe(true);
      expect(holds(q, 'IS_EQUAL', 'terrible', 'terribly slow')).toBe(false);
      expect(holds(q, 'IS_NOT_EQUAL', 'fine', 'Terrible')).toBe(true);
      expect(holds(q, 'IS_EMPTY', '', '   ')).toBe(true);
      expect(holds(q, 'IS_EMPTY', '', undefined)).toBe(true);
      expect(holds(q, 'IS_NOT_EMPTY', '', 'x')).toBe(true);
      expect(holds(q, 'IS_NOT_EMPTY', '', undefined)).toBe(false);
      // A text answer that reads as a number is still not compared by size.
      expect(holds(q, 'GREATER_THAN', 1, 'abc')).toBe(false);
    }
  });

  it('fires only when every condition holds, never on a question not in the survey', () => {
    const alert = {
      id: 'a1',
      name: 'Detractor',
      recipients: ['x@example.com'],
      notificationChannels: ['email' as const],
      conditions: [
        { surveyQuestionId: nps.id, operator: 'LESS_THAN' as const, value: 7 },
        { surveyQuestionId: short.id, operator: 'IS_NOT_EMPTY' as const, value: '' },
      ],
    };
    expect(alertFires(alert, [nps, short], { [nps.id]: 3, [short.id]: 'Ada' })).toBe(true);
    expect(alertFires(alert, [nps, short], { [nps.id]: 3 })).toBe(false);
    expect(alertFires(alert, [nps, short], { [nps.id]: 8, [short.id]: 'Ada' })).toBe(false);
    expect(alertFires(alert, [short], { [nps.id]: 3, [short.id]: 'Ada' })).toBe(false);
  });

  it('compares the added types (decision 027): matrix mean, dates, first ranked, consent given', () => {
    const effort = question({ type: 'CustomerEffortScore' });
    expect(holds(effort, 'LESS_THAN', 3, 2)).toBe(true);
    const matrix = question({
      type: 'Matrix',
      rows: [
        { id: 'a', text: 'One' },
        { id: 'b', text: 'Two' },
      ],
      columns: ['No', 'Maybe', 'Yes'],
    });
    expect(holds(matrix, 'LESS_THAN', 2, { a: 1, b: 2 })).toBe(true);
    expect(holds(matrix, 'GREATER_THAN', 2, { a: 1, b: 2 })).toBe(false);
    expect(holds(matrix, 'IS_EQUAL', 1.5, { a: 1, b: 2 })).toBe(true);
    expect(holds(matrix, 'IS_EMPTY', '', {})).toBe(true);
    const visit = question({ type: 'DateEntry' });
    expect(holds(visit, 'GREATER_THAN', '2026-03-01', '2026-04-02')).toBe(true);
    expect(holds(visit, 'LESS_THAN', '2026-03-01', '2026-04-02')).toBe(false);
    expect(holds(visit, 'IS_EQUAL', '2026-04-02', '2026-04-02')).toBe(true);
    expect(holds(visit, 'LESS_THAN', '2026-03-01', undefined)).toBe(false);
    const ranking = question({ type: 'Ranking', answerOptions: ['Price', 'Speed'] });
    expect(holds(ranking, 'IS_EQUAL', 'Price', ['Price', 'Speed'])).toBe(true);
    expect(holds(ranking, 'IS_EQUAL', 'Speed', ['Price', 'Speed'])).toBe(false);
    expect(holds(ranking, 'IS_NOT_EQUAL', 'Speed', ['Price', 'Speed'])).toBe(true);
    const consent = question({ type: 'Consent', consentText: 'Yes' });
    expect(holds(consent, 'IS_NOT_EMPTY', '', true)).toBe(true);
    expect(holds(consent, 'IS_EMPTY', '', undefined)).toBe(true);
    expect(holds(consent, 'IS_EMPTY', '', false)).toBe(true);
  });

  it('fires on a property condition only when the survey met it, beside the answers (decision 035)', () => {
    const property = {
      kind: 'property' as const,
      surveyPropertyId: randomUUID(),
      operator: 'equals' as const,
      value: 'Pro',
    };
    const alert: Alert = {
      id: 'a1',
      name: 'Unhappy Pro',
      conditions: [{ surveyQuestionId: nps.id, operator: 'LESS_THAN', value: 7 }, property],
      recipients: ['boss@example.com'],
      notificationChannels: ['email'],
    };
    const detractor = { [nps.id]: 3 };
    expect(alertFires(alert, [nps], detractor, 'en', new Map([[property, true]]))).toBe(true);
    expect(alertFires(alert, [nps], detractor, 'en', new Map([[property, false]]))).toBe(false);
    // Not judged: not met.
    expect(alertFires(alert, [nps], detractor)).toBe(false);
    expect(alertFires(alert, [nps], { [nps.id]: 9 }, 'en', new Map([[property, true]]))).toBe(false);
  });
});
