import { describe, expect, it } from 'vitest';
import {
  addSuppressionSchema,
  invalidContactMessage,
  isInQuietHours,
  isValidTimeZone,
  maskContact,
  minutesOfDayIn,
  normalizeContact,
  slackWebhookHttpsMessage,
  slackWebhookInvalidMessage,
  timeZoneOptions,
  unsubscribeInfoSchema,
  updateNotificationSettingsSchema,
} from './notification-settings.js';

const firstMessage = (input: unknown) =>
  updateNotificationSettingsSchema.safeParse(input).error?.issues[0]?.message;

describe('notification settings (decision 008)', () => {
  it('accepts an https Slack webhook and null to remove it', () => {
    expect(
      updateNotificationSettingsSchema.parse({
        slackWebhookUrl: ' https://hooks.slack.com/services/T0/B0/x ',
      }),
    ).toEqual({ slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x' });
    expect(updateNotificationSettingsSchema.parse({ slackWebhookUrl: null })).toEqual({
      slackWebhookUrl: null,
    });
  });

  it('refuses a webhook that is not an https URL with a clear message', () => {
    expect(firstMessage({ slackWebhookUrl: 'http://hooks.slack.com/services/x' })).toBe(
      slackWebhookHttpsMessage,
    );
    expect(firstMessage({ slackWebhookUrl: 'hooks.slack.com' })).toBe(slackWebhookInvalidMessage);
    expect(firstMessage({ slackWebhookUrl: 'javascript:alert(1)' })).toBe(slackWebhookInvalidMessage);
    expect(firstMessage({ slackWebhookUrl: '' })).toBe('Enter the Slack webhook URL');
  });

  it('checks quiet hours as HH:MM and the time zone against the IANA database', () => {
    expect(
      updateNotificationSettingsSchema.parse({
        quietHours: { start: '22:30', end: '07:00' },
        timeZone: 'Europe/Paris',
      }),
    ).toEqual({ quietHours: { start: '22:30', end: '07:00' }, timeZone: 'Europe/Paris' });
    expect(firstMessage({ quietHours: { start: '24:00', end: '07:00' } })).toBe(
      'Enter a time as HH:MM (00:00 to 23:59)',
    );
    expect(firstMessage({ quietHours: { start: '9:00', end: '07:00' } })).toBe(
      'Enter a time as HH:MM (00:00 to 23:59)',
    );
    expect(firstMessage({ timeZone: 'Mars/Olympus' })).toBe('Choose a valid time zone, e.g. Europe/Paris');
    expect(firstMessage({})).toBe('Nothing to update');
  });

  it('knows the time zones, with UTC first', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Nowhere/Town')).toBe(false);
    const options = timeZoneOptions();
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Paris');
    expect(options.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });

  it('tells whether a moment is in quiet hours, across midnight and in the zone', () => {
    const quiet = { start: '21:00', end: '08:00' };
    expect(isInQuietHours(new Date('2025-01-15T21:00:00Z'), quiet, 'UTC')).toBe(true);
    expect(isInQuietHours(new Date('2025-01-15T07:59:00Z'), quiet, 'UTC')).toBe(true);
    expect(isInQuietHours(new Date('2025-01-15T08:00:00Z'), quiet, 'UTC')).toBe(false);
    expect(isInQuietHours(new Date('2025-01-15T20:59:00Z'), quiet, 'UTC')).toBe(false);
    // 20:30 UTC is 21:30 in Paris in winter.
    expect(minutesOfDayIn(new Date('2025-01-15T20:30:00Z'), 'Europe/Paris')).toBe(21 * 60 + 30);
    expect(isInQuietHours(new Date('2025-01-15T20:30:00Z'), quiet, 'Europe/Paris')).toBe(true);
    expect(isInQuietHours(new Date('2025-01-15T13:00:00Z'), { start: '12:00', end: '14:00' }, 'UTC')).toBe(
      true,
    );
    expect(isInQuietHours(new Date('2025-01-15T13:00:00Z'), { start: '12:00', end: '12:00' }, 'UTC')).toBe(
      false,
    );
  });
});

describe('suppression list (decision 008)', () => {
  it('stores e-mail addresses lower-cased and phone numbers as digits', () => {
    expect(normalizeContact(' Jane.Doe@Example.COM ')).toEqual({
      contact: 'jane.doe@example.com',
      contactType: 'email',
    });
    expect(normalizeContact('+1 (555) 123-4567')).toEqual({ contact: '15551234567', contactType: 'phone' });
    expect(normalizeContact('12345')).toBeUndefined();
    expect(normalizeContact('jane@')).toBeUndefined();
    expect(normalizeContact('call 5551234567')).toBeUndefined();
  });

  it('validates the add body with one message', () => {
    expect(addSuppressionSchema.parse({ contact: 'A@B.co' })).toEqual({ contact: 'a@b.co' });
    expect(addSuppressionSchema.safeParse({ contact: 'nope' }).error?.issues[0]?.message).toBe(
      invalidContactMessage,
    );
    expect(addSuppressionSchema.safeParse({}).error?.issues[0]?.message).toBe(invalidContactMessage);
  });

  it('masks contacts for the unsubscribe page', () => {
    expect(maskContact('jane.doe@example.com')).toBe('j*******@example.com');
    expect(maskContact('j@example.com')).toBe('j***@example.com');
    expect(maskContact('5551234567')).toBe('******4567');
    expect(
      unsubscribeInfoSchema.safeParse({ workspaceName: 'Acme', maskedContact: 'j***@a.co' }).success,
    ).toBe(false);
  });
});
