import { z } from 'zod';
import { defaultPhoneCountry, isPhoneCountry, phoneCountryName, toStoredPhone } from './phone.js';
import { isValidEmailAddress } from './survey.js';

// A workspace's notification settings (decision 008): the Slack incoming webhook that alerts post to,
// the quiet hours during which reminders wait for the morning, and the suppression list of
// contacts who unsubscribed or whom staff asked us never to message.

// ---------------------------------------------------------------------------------------------
// Slack webhook

const slackWebhookUrlMaxLength = 2048;
export const slackWebhookInvalidMessage = 'Enter a valid URL, e.g. https://hooks.slack.com/services/...';
export const slackWebhookHttpsMessage = 'The Slack webhook URL must start with https://';

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The shape of the address only; whether its host resolves to a public address is the server's
 * check, at save time and at send time.
 */
export const slackWebhookUrlSchema = z
  .string({ error: slackWebhookInvalidMessage })
  .trim()
  .min(1, 'Enter the Slack webhook URL')
  .max(slackWebhookUrlMaxLength, `The URL must be at most ${slackWebhookUrlMaxLength} characters`)
  .refine((text) => {
    const url = parseUrl(text);
    return url !== undefined && /^https?:$/.test(url.protocol) && url.hostname !== '';
  }, slackWebhookInvalidMessage)
  .refine((text) => parseUrl(text)?.protocol === 'https:', slackWebhookHttpsMessage);

// ---------------------------------------------------------------------------------------------
// Quiet hours and time zone

export const defaultQuietHours = { start: '21:00', end: '08:00' } as const;
export const defaultTimeZone = 'UTC';

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDaySchema = z
  .string({ error: 'Enter a time as HH:MM' })
  .regex(timeOfDayPattern, 'Enter a time as HH:MM (00:00 to 23:59)');

/**
 * Reminders due between start and end (local time of the workspace's zone) wait until end. The
 * period may cross midnight (21:00-08:00); equal start and end mean no quiet hours.
 */
export const quietHoursSchema = z.object({ start: timeOfDaySchema, end: timeOfDaySchema });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .refine(isValidTimeZone, 'Choose a valid time zone, e.g. Europe/Paris');

/** The zones a picker offers: the runtime's IANA list, with UTC (which it may omit) first. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [defaultTimeZone, ...zones.filter((zone) => zone !== defaultTimeZone)];
}

/** Minutes since local midnight of `date` in `timeZone`. */
export function minutesOfDayIn(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const read = (type: 'hour' | 'minute') => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return read('hour') * 60 + read('minute');
}

function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether `date` falls in the quiet hours (start inclusive, end exclusive) of `timeZone`. */
export function isInQuietHours(date: Date, quietHours: QuietHours, timeZone: string): boolean {
  const start = toMinutes(quietHours.start);
  const end = toMinutes(quietHours.end);
  if (start === end) return false;
  const now = minutesOfDayIn(date, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

// ---------------------------------------------------------------------------------------------
// Default country for phone numbers (docs/decisions/021-international-phone-numbers.md)

export { defaultPhoneCountry };

export const phoneCountrySchema = z
  .string({ error: 'Choose a country' })
  .trim()
  .toUpperCase()
  .refine(isPhoneCountry, 'Choose a country from the list, e.g. AU');

// ---------------------------------------------------------------------------------------------
// Settings API: GET/PUT /workspace/notification-settings

export const notificationSettingsSchema = z.object({
  slackWebhookUrl: z.string().nullable(),
  quietHours: quietHoursSchema,
  timeZone: z.string(),
  /** The default country for phone numbers (ISO 3166 alpha-2, decision 021). */
  phoneCountry: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * `PUT /workspace/notification-settings`: a field left out keeps its value, so saving the quiet
 * hours never brings back a webhook someone else removed; `slackWebhookUrl: null` removes it.
 * The server reads the webhook as text and checks it itself (`updateNotificationSettingsBodySchema`):
 * hosts an operator allowed on private addresses may use http.
 */
function updateNotificationSettingsWith<Webhook extends z.ZodType<string>>(slackWebhookUrl: Webhook) {
  return z
    .object({
      slackWebhookUrl: slackWebhookUrl.nullable(),
      quietHours: quietHoursSchema,
      timeZone: timeZoneSchema,
      phoneCountry: phoneCountrySchema,
    })
    .partial()
    .refine((value) => Object.values(value).some((field) => field !== undefined), {
      message: 'Nothing to update',
    });
}
export const updateNotificationSettingsSchema = updateNotificationSettingsWith(slackWebhookUrlSchema);
export const updateNotificationSettingsBodySchema = updateNotificationSettingsWith(
  z.string().trim().max(slackWebhookUrlMaxLength),
);
export type UpdateNotificationSettingsBody = z.output<typeof updateNotificationSettingsBodySchema>;
export type UpdateNotificationSettingsInput = z.input<typeof updateNotificationSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Suppression list: GET/POST /workspace/suppressions, DELETE /workspace/suppressions/{contact}

export const contactTypes = ['email', 'phone'] as const;
const contactTypeSchema = z.enum(contactTypes);
export type ContactType = z.infer<typeof contactTypeSchema>;

export const suppressionReasons = ['unsubscribed', 'added-by-staff'] as const;
const suppressionReasonSchema = z.enum(suppressionReasons);
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>;

export const invalidContactMessage = 'Enter an e-mail address or a phone number of 10 to 15 digits';

/** The US keeps its message; other countries name theirs (decision 021). */
function invalidContactMessageFor(country: string): string {
  return country === defaultPhoneCountry
    ? invalidContactMessage
    : `Enter an e-mail address or a valid phone number for ${phoneCountryName(country)}, or start with + and the country code.`;
}

/**
 * The stored form of a contact: a lower-cased e-mail address or a phone number as the survey
 * contact methods store it (`toStoredPhone` against the workspace's default country: E.164, or
 * the digits in a US workspace), so a suppression matches however the contact was typed.
 */
export function normalizeContact(
  text: string,
  country: string = defaultPhoneCountry,
): { contact: string; contactType: ContactType } | undefined {
  const trimmed = text.trim();
  if (trimmed.includes('@')) {
    return isValidEmailAddress(trimmed)
      ? { contact: trimmed.toLowerCase(), contactType: 'email' }
      : undefined;
  }
  const phone = toStoredPhone(trimmed, country);
  return phone ? { contact: phone, contactType: 'phone' } : undefined;
}

/** "j***@example.com", "********4567": enough for a person to recognise their own contact. */
export function maskContact(contact: string): string {
  const at = contact.lastIndexOf('@');
  if (at > 0) {
    const local = contact.slice(0, at);
    return `${local[0]}${'*'.repeat(Math.max(3, local.length - 1))}${contact.slice(at)}`;
  }
  const visible = contact.slice(-4);
  return `${'*'.repeat(Math.max(0, contact.length - visible.length))}${visible}`;
}

export const suppressionSchema = z.object({
  contact: z.string(),
  contactType: contactTypeSchema,
  reason: suppressionReasonSchema,
  createdAt: z.iso.datetime(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

/** Newest first. */
export const suppressionsResponseSchema = z.object({ suppressions: z.array(suppressionSchema) });
export type SuppressionsResponse = z.infer<typeof suppressionsResponseSchema>;

/** `POST /workspace/suppressions`: answers 201 with the entry (or the existing one, unchanged). */
/** `POST /workspace/suppressions` as staff type it in a workspace whose phones default to `country`. */
export function addSuppressionSchemaFor(country: string) {
  const message = invalidContactMessageFor(country);
  return z.object({
    contact: z
      .string({ error: message })
      .max(254, message)
      .transform((text, ctx) => {
        const normalized = normalizeContact(text, country);
        if (!normalized) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return normalized.contact;
      }),
  });
}
export const addSuppressionSchema = addSuppressionSchemaFor(defaultPhoneCountry);
/** The request body; the service reads the contact against the workspace's country. */
export const addSuppressionBodySchema = z.object({
  contact: z.string({ error: invalidContactMessage }).max(254, invalidContactMessage),
});
export type AddSuppressionInput = z.input<typeof addSuppressionSchema>;

export const suppressionContactParamsSchema = z.object({ contact: z.string().min(1).max(254) });

// ---------------------------------------------------------------------------------------------
// Public unsubscribe page: GET/POST /unsubscribe/{token}

export const unsubscribeTokenParamsSchema = z.object({ token: z.string().min(1).max(1000) });

/** Both calls answer this; after the POST `isUnsubscribed` is true. */
export const unsubscribeInfoSchema = z.object({
  workspaceName: z.string(),
  maskedContact: z.string(),
  isUnsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is invalid or has expired.';
