import { z } from 'zod';
import { invalidPhoneForCountryMessage, toPhoneDigits, toStoredPhone } from './phone.js';
import { rawSurveyPropertyValuesSchema, surveyPropertyValueSchema } from './survey-properties.js';
import type { Period } from './survey-settings.js';

// Sending surveys (docs/product-rules.md#the-respondent-page) and the staff view of a sent survey. The
// respondent's side
// (the payload, answers, authentication) is in survey-answer.ts.

export const surveyStates = ['SENT', 'OPENED', 'IN_PROGRESS', 'COMPLETE'] as const;
export const surveyStateSchema = z.enum(surveyStates);
export type SurveyState = z.infer<typeof surveyStateSchema>;

/** docs/product-rules.md#sending-surveys texts. */
export const contactMethodRequiredMessage = 'At least one contact method (email or phone) is required';
export const invalidEmailMessage = 'Invalid email format';
export const invalidPhoneMessage = 'Invalid phone number. Please enter a valid 10-digit phone number.';
/** The US keeps the spec's message; other countries name theirs. */
export function invalidPhoneMessageFor(country: string): string {
  return country === 'US' ? invalidPhoneMessage : invalidPhoneForCountryMessage(country);
}
export const publishBeforeSendingMessage = 'Publish the template before sending it.';

/** docs/product-rules.md#sending-surveys: "something, at sign, something, dot, something". */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmailAddress(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value.trim());
}

const emailContactMethodSchema = z.object({
  contactMethodType: z.literal('email'),
  emailAddress: z
    .string({ error: invalidEmailMessage })
    .trim()
    .toLowerCase()
    .refine(isValidEmailAddress, invalidEmailMessage),
});

const phoneContactMethodSchema = z.object({
  contactMethodType: z.literal('phone'),
  /**
   * Digits (with a leading + kept) on the wire; anything else a person typed is stripped first.
   * The sending service reads it against the workspace's default country and stores E.164
   * (`toStoredPhone`, docs/decisions/021-international-phone-numbers.md).
   */
  phoneNumber: z
    .string({ error: invalidPhoneMessage })
    .transform((text) => `${text.trim().startsWith('+') ? '+' : ''}${toPhoneDigits(text)}`)
    .refine((text) => /^\+?\d{8,15}$/.test(text), invalidPhoneMessage),
});

const contactMethodSchema = z.discriminatedUnion('contactMethodType', [
  emailContactMethodSchema,
  phoneContactMethodSchema,
]);
export type ContactMethodInput = z.input<typeof contactMethodSchema>;
export type ContactMethod = z.output<typeof contactMethodSchema>;

/** A stored contact method, as replies carry it. */
export const contactMethodReplySchema = z.discriminatedUnion('contactMethodType', [
  z.object({ contactMethodType: z.literal('email'), emailAddress: z.string() }),
  z.object({ contactMethodType: z.literal('phone'), phoneNumber: z.string() }),
]);

const maxContactMethods = 20;

const surveyContactMethodsSchema = z
  .array(contactMethodSchema, { error: contactMethodRequiredMessage })
  .min(1, contactMethodRequiredMessage)
  .max(maxContactMethods, `At most ${maxContactMethods} contact methods`);

/** Drops repeated addresses and numbers, keeping the first. */
export function uniqueContactMethods(methods: readonly ContactMethod[]): ContactMethod[] {
  const seen = new Set<string>();
  return methods.filter((method) => {
    const key =
      method.contactMethodType === 'email' ? `email:${method.emailAddress}` : `phone:${method.phoneNumber}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Expiration (docs/product-rules.md#sending-surveys): a survey closes at sentAt + the version's expiration.

export function addPeriod(start: Date, duration: number, period: Period): Date {
  const date = new Date(start.getTime());
  if (period === 'hours') date.setUTCHours(date.getUTCHours() + duration);
  else if (period === 'days') date.setUTCDate(date.getUTCDate() + duration);
  else if (period === 'weeks') date.setUTCDate(date.getUTCDate() + duration * 7);
  else date.setUTCMonth(date.getUTCMonth() + duration);
  return date;
}

export function isSurveyExpired(
  survey: { state: SurveyState; expiresAt: Date | string },
  now: Date,
): boolean {
  return survey.state !== 'COMPLETE' && now.getTime() >= new Date(survey.expiresAt).getTime();
}

// ---------------------------------------------------------------------------------------------
// Create survey (docs/product-rules.md#sending-surveys): `POST /surveys/`.

export const createSurveySchema = z.object({
  surveyTemplateVersionId: z.uuid('Choose a published template version'),
  surveyContactMethods: surveyContactMethodsSchema,
  surveyProperties: rawSurveyPropertyValuesSchema.default({}),
});
export type CreateSurveyInput = z.input<typeof createSurveySchema>;
export type CreateSurvey = z.output<typeof createSurveySchema>;

const deliveryChannels = ['email', 'sms', 'slack'] as const;
/** `skipped`: never sent, on purpose (the contact unsubscribed, decision 008); `lastError` says why. */
const deliveryStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;

/** One outgoing message of a survey and how its delivery went. */
export const surveyDeliverySchema = z.object({
  outboxId: z.uuid(),
  channel: z.enum(deliveryChannels),
  recipient: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  /** Why the last attempt failed, or why the message waits (no provider configured). */
  lastError: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type SurveyDelivery = z.infer<typeof surveyDeliverySchema>;

export const surveyDeliveryListSchema = z.object({ delivery: z.array(surveyDeliverySchema) });

/**
 * The staff view of a sent survey (docs/product-rules.md#sending-surveys survey fields used when sending).
 */
export const sentSurveySchema = z.object({
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  surveyState: surveyStateSchema,
  surveyContactMethods: z.array(contactMethodReplySchema),
  surveyProperties: z.record(z.string(), surveyPropertyValueSchema),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  delivery: z.array(surveyDeliverySchema),
});
export type SentSurvey = z.infer<typeof sentSurveySchema>;

// ---------------------------------------------------------------------------------------------
// Bulk send: rows of a CSV file (e-mail, phone, one column per property label).

export const maxBulkSurveyRows = 10_000;

const bulkSurveyRowSchema = z.object({
  emailAddress: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  /** By property label (the CSV header) or id. */
  properties: rawSurveyPropertyValuesSchema.default({}),
});
export type BulkSurveyRow = z.input<typeof bulkSurveyRowSchema>;

export const bulkSendSurveysSchema = z.object({
  surveyTemplateVersionId: z.uuid('Choose a published template version'),
  rows: z
    .array(bulkSurveyRowSchema)
    .min(1, 'The file has no rows to send.')
    .max(
      maxBulkSurveyRows,
      `You can send at most ${maxBulkSurveyRows.toLocaleString('en-US')} surveys at a time. Split the file and send it in parts.`,
    ),
  /** Only check the rows. */
  dryRun: z.boolean().default(false),
  /** Rows already sent in earlier parts of the same file, so reported row numbers match it. */
  rowOffset: z.number().int().min(0).default(0),
});
export type BulkSendSurveysInput = z.input<typeof bulkSendSurveysSchema>;

const bulkRowErrorSchema = z.object({
  /** 1-based position among the data rows of the file (header not counted). */
  row: z.number().int(),
  errors: z.record(z.string(), z.string()),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

export const bulkSendSurveysResultSchema = z.object({
  dryRun: z.boolean(),
  rowCount: z.number().int(),
  validRowCount: z.number().int(),
  /** Surveys created (0 on a dry run). */
  created: z.number().int(),
  failed: z.array(bulkRowErrorSchema),
});
export type BulkSendSurveysResult = z.infer<typeof bulkSendSurveysResultSchema>;

/**
 * A bulk row's contact methods: e-mail and/or phone, at least one (docs/product-rules.md#sending-surveys
 * messages).
 */
export function readRowContactMethods(
  row: Pick<BulkSurveyRow, 'emailAddress' | 'phoneNumber'>,
  /** The workspace's default country for phone numbers. */
  country = 'US',
): {
  contactMethods: ContactMethod[];
  errors: Record<string, string>;
} {
  const contactMethods: ContactMethod[] = [];
  const errors: Record<string, string> = {};
  const email = row.emailAddress?.trim() ?? '';
  const phone = row.phoneNumber?.trim() ?? '';
  if (email) {
    const parsed = emailContactMethodSchema.safeParse({ contactMethodType: 'email', emailAddress: email });
    if (parsed.success) contactMethods.push(parsed.data);
    else errors.emailAddress = invalidEmailMessage;
  }
  if (phone) {
    const stored = toStoredPhone(phone, country);
    if (stored) contactMethods.push({ contactMethodType: 'phone', phoneNumber: stored });
    else errors.phoneNumber = invalidPhoneMessageFor(country);
  }
  if (!email && !phone) errors.surveyContactMethods = contactMethodRequiredMessage;
  return { contactMethods, errors };
}
