import { z } from 'zod';
import type { PropertyType, SurveyProperty } from './survey-definition.js';
import type { Period } from './survey-settings.js';

// Sending surveys (part 2 §2, §3, §5) and the staff view of a sent survey. The respondent's side
// (the payload, answers, authentication) is in survey-answer.ts.

export const surveyStates = ['SENT', 'OPENED', 'IN_PROGRESS', 'COMPLETE'] as const;
export const surveyStateSchema = z.enum(surveyStates);
export type SurveyState = z.infer<typeof surveyStateSchema>;

/** Part 2 §5 texts. */
export const contactMethodRequiredMessage = 'At least one contact method (email or phone) is required';
export const invalidEmailMessage = 'Invalid email format';
export const invalidPhoneMessage = 'Invalid phone number. Please enter a valid 10-digit phone number.';
export const requiredFieldMessage = 'This field is required';
export const publishBeforeSendingMessage = 'Publish the template before sending it.';
export const surveyNotFoundMessage = "The survey you're looking for doesn't exist or has expired.";

/** Part 2 §5: "something, at sign, something, dot, something". */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmailAddress(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value.trim());
}

/** Part 2 §5: a phone number has 10 to 15 digits once everything else is stripped. */
export function toPhoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidPhoneNumber(value: string): boolean {
  return /^\d{10,15}$/.test(toPhoneDigits(value));
}

/**
 * US-style display of the digits typed so far (part 2 §5): (555) 123-4567, and with 11 digits
 * starting with 1 the country code shows as +1 (555) 123-4567. Longer numbers show as +digits.
 */
export function formatPhoneNumber(value: string): string {
  const digits = toPhoneDigits(value);
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const prefix = local === digits ? '' : '+1 ';
  if (digits.length > 11 || (digits.length === 11 && !digits.startsWith('1'))) return `+${digits}`;
  if (local.length <= 3) return `${prefix}${local.length > 0 ? `(${local}` : ''}`;
  if (local.length <= 6) return `${prefix}(${local.slice(0, 3)}) ${local.slice(3)}`;
  return `${prefix}(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
}

export const emailContactMethodSchema = z.object({
  contactMethodType: z.literal('email'),
  emailAddress: z
    .string({ error: invalidEmailMessage })
    .trim()
    .toLowerCase()
    .refine(isValidEmailAddress, invalidEmailMessage),
});

export const phoneContactMethodSchema = z.object({
  contactMethodType: z.literal('phone'),
  /** Digits only on the wire; anything else a person typed is stripped first. */
  phoneNumber: z
    .string({ error: invalidPhoneMessage })
    .transform(toPhoneDigits)
    .refine((digits) => /^\d{10,15}$/.test(digits), invalidPhoneMessage),
});

export const contactMethodSchema = z.discriminatedUnion('contactMethodType', [
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

export const maxContactMethods = 20;

export const surveyContactMethodsSchema = z
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
// Survey properties: typed values by property id (part 2 §3, §5).

export const surveyPropertyValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type SurveyPropertyValue = z.infer<typeof surveyPropertyValueSchema>;
export type SurveyPropertyValues = Record<string, SurveyPropertyValue>;
/** Values as sent: typed from forms and API clients, text from CSV files, null or '' for none. */
export const rawSurveyPropertyValuesSchema = z.record(z.string(), surveyPropertyValueSchema.nullable());
export type RawSurveyPropertyValues = Record<string, SurveyPropertyValue | null | undefined>;

export const maxSurveyPropertyTextLength = 1000;

/** Part 2 §5 form defaults: false for Boolean, 0 for Number, empty text otherwise. */
export function defaultPropertyValue(type: PropertyType): SurveyPropertyValue {
  if (type === 'Boolean') return false;
  if (type === 'Number') return 0;
  return '';
}

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimeSchema = z.iso.datetime({ offset: true });

export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isIsoDateTime(text: string): boolean {
  return dateTimeSchema.safeParse(text).success;
}

/** Reads a number typed as a number or as text ("42", "-1.5"); undefined otherwise. */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && numberPattern.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Reads true/false (and yes/no, as spreadsheets write them); undefined otherwise. */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const lowered = value.trim().toLowerCase();
  if (lowered === 'true' || lowered === 'yes') return true;
  if (lowered === 'false' || lowered === 'no') return false;
  return undefined;
}

export interface PropertyValueContext {
  /**
   * The id of the list's active (not archived) item that `value` names, by id or by label (as a
   * CSV file writes it); undefined when there is none.
   */
  resolveListItem?: (listId: string, value: string) => string | undefined;
}

type PropertyRule = Pick<SurveyProperty, 'id' | 'type' | 'label' | 'validation' | 'listId'>;
type ValueResult = { value: SurveyPropertyValue } | { error: string };

function isEmptyValue(raw: unknown): raw is null | undefined | '' {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

/** One present value checked against its property's type (part 2 §3). */
export function parseSurveyPropertyValue(
  property: PropertyRule,
  raw: SurveyPropertyValue,
  context: PropertyValueContext = {},
): ValueResult {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (property.type) {
    case 'Number': {
      const value = readNumber(text);
      return value === undefined ? { error: `${property.label} must be a valid number` } : { value };
    }
    case 'Boolean': {
      const value = readBoolean(text);
      return value === undefined ? { error: `${property.label} must be true or false` } : { value };
    }
    case 'Date':
      return typeof text === 'string' && isCalendarDate(text)
        ? { value: text }
        : { error: `${property.label} must be a valid date (YYYY-MM-DD)` };
    case 'DateTime':
      return typeof text === 'string' && isIsoDateTime(text)
        ? { value: new Date(text).toISOString() }
        : { error: `${property.label} must be a valid date and time` };
    case 'ListItem': {
      const itemId =
        typeof text === 'string' && property.listId && context.resolveListItem
          ? context.resolveListItem(property.listId, text)
          : undefined;
      return itemId ? { value: itemId } : { error: `${property.label} must be an item of its list` };
    }
    default: {
      const value = String(text);
      return value.length > maxSurveyPropertyTextLength
        ? { error: `${property.label} must be at most ${maxSurveyPropertyTextLength} characters` }
        : { value };
    }
  }
}

export interface SurveyPropertyValidation {
  /** The values to store, by property id; empty optional properties are left out. */
  values: SurveyPropertyValues;
  /** Messages by property id (or by the unknown key sent). */
  errors: Record<string, string>;
}

/**
 * Checks the survey properties sent with a survey (part 2 §5): required ones must be non-empty
 * ("This field is required"), every value must fit its type, and unknown ids are refused.
 */
export function validateSurveyProperties(
  properties: readonly PropertyRule[],
  raw: Readonly<RawSurveyPropertyValues>,
  context: PropertyValueContext = {},
): SurveyPropertyValidation {
  const byId = new Map(properties.map((property) => [property.id, property]));
  const values: SurveyPropertyValues = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!byId.has(key)) errors[key] = 'This property is not in the template';
    else if (value !== undefined && typeof value === 'object' && value !== null)
      errors[key] = 'Invalid value';
  }
  for (const property of properties) {
    const value = Object.hasOwn(raw, property.id) ? raw[property.id] : undefined;
    if (isEmptyValue(value)) {
      if (property.validation.required) errors[property.id] = requiredFieldMessage;
      continue;
    }
    const parsed = parseSurveyPropertyValue(property, value, context);
    if ('error' in parsed) errors[property.id] = parsed.error;
    else values[property.id] = parsed.value;
  }
  return { values, errors };
}

/**
 * Bulk rows name properties by label (a CSV header) or by id: answers the values by id, and an
 * error for each key that names no property (or one already named by another key).
 */
export function keyPropertyValuesById(
  properties: readonly Pick<SurveyProperty, 'id' | 'label'>[],
  row: Readonly<RawSurveyPropertyValues>,
): { values: RawSurveyPropertyValues; errors: Record<string, string> } {
  const values: RawSurveyPropertyValues = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) {
    const wanted = key.trim().toLowerCase();
    const property =
      properties.find((candidate) => candidate.id === key) ??
      properties.find((candidate) => candidate.label.trim().toLowerCase() === wanted);
    if (!property) errors[key] = `"${key.trim()}" is not a property of this template`;
    else if (Object.hasOwn(values, property.id)) errors[key] = `${property.label} is given twice`;
    else values[property.id] = value;
  }
  return { values, errors };
}

/** How a property value reads in a text (e-mail, opening text): dates as MM/dd/yyyy (part 1 §9). */
export function formatPropertyValue(
  type: PropertyType,
  value: SurveyPropertyValue,
  listItemLabel?: string,
): string {
  switch (type) {
    case 'Boolean':
      return value === true ? 'Yes' : 'No';
    case 'Date': {
      const match = typeof value === 'string' ? datePattern.exec(value) : null;
      return match ? `${match[2]}/${match[3]}/${match[1]}` : String(value);
    }
    case 'DateTime': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      return `${date.toLocaleString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })} UTC`;
    }
    case 'ListItem':
      return listItemLabel ?? String(value);
    default:
      return String(value);
  }
}

// ---------------------------------------------------------------------------------------------
// Expiration (ARCHITECTURE.md §4): a survey closes at sentAt + the version's expiration.

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
// Create survey (part 2 §3): `POST /surveys/`.

export const createSurveySchema = z.object({
  surveyTemplateVersionId: z.uuid('Choose a published template version'),
  surveyContactMethods: surveyContactMethodsSchema,
  surveyProperties: rawSurveyPropertyValuesSchema.default({}),
});
export type CreateSurveyInput = z.input<typeof createSurveySchema>;
export type CreateSurvey = z.output<typeof createSurveySchema>;

export const deliveryChannels = ['email', 'sms'] as const;
/** `skipped`: never sent, on purpose (the contact unsubscribed, issue 7); `lastError` says why. */
export const deliveryStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;

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

/** The staff view of a sent survey (part 2 §3 survey fields used when sending). */
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

export const bulkSurveyRowSchema = z.object({
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

export const bulkRowErrorSchema = z.object({
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

/** A bulk row's contact methods: e-mail and/or phone, at least one (part 2 §5 messages). */
export function readRowContactMethods(row: Pick<BulkSurveyRow, 'emailAddress' | 'phoneNumber'>): {
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
    const parsed = phoneContactMethodSchema.safeParse({ contactMethodType: 'phone', phoneNumber: phone });
    if (parsed.success) contactMethods.push(parsed.data);
    else errors.phoneNumber = invalidPhoneMessage;
  }
  if (!email && !phone) errors.surveyContactMethods = contactMethodRequiredMessage;
  return { contactMethods, errors };
}
