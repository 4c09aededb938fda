import { describe, expect, it } from 'vitest';
import { canMoveCase, caseReplySchema, formatCaseDuration, nextCaseStatuses } from './case.js';
import { alertSchema } from './survey-settings.js';

describe('case statuses (decision 019)', () => {
  it('moves Open → In progress → Resolved or Dismissed, and reopens closed cases', () => {
    expect(canMoveCase('open', 'in_progress')).toBe(true);
    expect(canMoveCase('in_progress', 'resolved')).toBe(true);
    expect(canMoveCase('in_progress', 'dismissed')).toBe(true);
    expect(canMoveCase('resolved', 'open')).toBe(true);
    expect(canMoveCase('dismissed', 'open')).toBe(true);
    expect(canMoveCase('resolved', 'dismissed')).toBe(false);
    expect(canMoveCase('dismissed', 'in_progress')).toBe(false);
    expect(nextCaseStatuses('resolved')).toEqual(['open']);
  });
});

describe('case replies', () => {
  it('needs a subject for e-mail and keeps an SMS short', () => {
    expect(caseReplySchema.safeParse({ channel: 'email', body: 'Hello' }).error?.issues[0]?.message).toBe(
      'Write a subject',
    );
    expect(caseReplySchema.safeParse({ channel: 'sms', body: 'x'.repeat(1001) }).success).toBe(false);
    expect(caseReplySchema.parse({ channel: 'sms', body: ' Hi ' })).toEqual({
      channel: 'sms',
      subject: '',
      body: 'Hi',
    });
  });
});

describe('alerts with a case target', () => {
  const alert = {
    id: 'a',
    name: 'Detractor',
    conditions: [
      { surveyQuestionId: '3e1f2d4c-5b6a-4c7d-8e9f-0a1b2c3d4e5f', operator: 'LESS_THAN', value: 7 },
    ],
    recipients: ['boss@example.com'],
  };

  it('keeps alerts saved before cases valid and checks the new fields', () => {
    expect(alertSchema.safeParse(alert).success).toBe(true);
    expect(alertSchema.safeParse({ ...alert, responseHours: 24, defaultAssigneeId: null }).success).toBe(
      true,
    );
    expect(alertSchema.safeParse({ ...alert, responseHours: 0 }).error?.issues[0]?.message).toBe(
      'The response time must be at least 1 hour',
    );
    expect(alertSchema.safeParse({ ...alert, defaultAssigneeId: 'someone' }).success).toBe(false);
  });
});

describe('formatCaseDuration', () => {
  it('reads minutes, hours and days', () => {
    expect(formatCaseDuration(null)).toBe('—');
    expect(formatCaseDuration(20)).toBe('1 min');
    expect(formatCaseDuration(45 * 60)).toBe('45 min');
    expect(formatCaseDuration(3.5 * 3600)).toBe('3.5 h');
    expect(formatCaseDuration(3 * 86400)).toBe('3 days');
  });
});
