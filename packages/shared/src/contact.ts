import { z } from 'zod';
import { type ListItemValue, type ListItemValues, listPropertyTypes, parseListItemValue } from './list.js';
import { pageSizeOptions } from './pagination.js';
import { contactMethodReplySchema, isValidEmailAddress, surveyStateSchema } from './survey.js';

// The contacts directory (docs/decisions/038-contacts.md): a workspace's people, each
// with an e-mail address and/or a phone number (one contact per address and per number) and
// typed attributes (the lookup lists' types).

export const invalidContactEmailMessage = 'Enter a valid e-mail address';
export const contactNeedsAddressMessage = 'A contact needs an e-mail address or a phone number';
export const contactNotFoundMessage = 'Contact not found';

// ---------------------------------------------------------------------------------------------
// Attributes: named, typed fields every contact of the workspace may carry (none is required).

const attributeNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(50, 'Name must be at most 50 characters')
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]*$/,
    'Name must start with a letter and use only letters, digits, hyphens and underscores',
  );

export const createContactAttributeSchema = z.object({
  name: attributeNameSchema,
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be at most 100 characters'),
  type: z.enum(listPropertyTypes),
});
export type CreateContactAttributeInput = z.input<typeof createContactAttributeSchema>;

export const contactAttributeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string(),
  type: z.enum(listPropertyTypes),
});
export type ContactAttribute = z.infer<typeof contactAttributeSchema>;

export const contactAttributesResponseSchema = z.object({ attributes: z.array(contactAttributeSchema) });
export type ContactAttributesResponse = z.infer<typeof contactAttributesResponseSchema>;

const attributeValueSchema = z.union([z.string(), z.number(), z.boolean()]);
/** Values as sent: text from forms and CSV files, typed values from API clients, null to clear. */
const rawContactAttributesSchema = z.record(z.string(), attributeValueSchema.nullable());

/**
 * Checks attribute values by name against the workspace's attributes: unknown names and values
 * that do not fit their type are refused; empty or null clears; `stored` is what an update
 * merges into.
 */
export function validateContactAttributes(
  attributes: readonly Pick<ContactAttribute, 'name' | 'displayName' | 'type'>[],
  raw: Readonly<Record<string, ListItemValue | null | undefined>>,
  stored: ListItemValues = {},
): { values: ListItemValues; errors: Record<string, string> } {
  const byName = new Map(attributes.map((attribute) => [attribute.name, attribute]));
  const values: ListItemValues = { ...stored };
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const attribute = byName.get(name);
    if (!attribute) {
      errors[name] = `Unknown attribute "${name}"`;
    } else if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      delete values[name];
    } else {
      const parsed = parseListItemValue(attribute, value);
      if ('error' in parsed) errors[name] = parsed.error;
      else values[name] = parsed.value;
    }
  }
  return { values, errors };
}

// ---------------------------------------------------------------------------------------------
// Contacts.

const optionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, invalidContactEmailMessage)
  .refine((value) => value === '' || isValidEmailAddress(value), invalidContactEmailMessage)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const optionalTextSchema = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * `POST /contacts`: creates a contact, or updates the one with this e-mail address or phone
 * number (the phone is read against the workspace's default country, decision 021).
 */
export const upsertContactSchema = z.object({
  emailAddress: optionalEmailSchema,
  phoneNumber: optionalTextSchema(40, 'Phone number'),
  name: optionalTextSchema(200, 'Name'),
  attributes: rawContactAttributesSchema.default({}),
});
export type UpsertContactInput = z.input<typeof upsertContactSchema>;
export type UpsertContact = z.output<typeof upsertContactSchema>;

/** `PATCH /contacts/{id}`: only the fields sent change; attributes merge (null clears one). */
export const updateContactSchema = upsertContactSchema.partial();
export type UpdateContactInput = z.input<typeof updateContactSchema>;

export const contactSchema = z.object({
  contactId: z.uuid(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  name: z.string().nullable(),
  attributes: z.record(z.string(), attributeValueSchema),
  /** The last survey sent to the contact (any template): what the fatigue rule reads. */
  lastSurveyedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

/** `GET /contacts`: `search` matches the e-mail address, the phone number or the name. */
export const contactsQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search at most 200 characters').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (pageSizeOptions as readonly number[]).includes(value), 'Choose 10, 25, 50 or 100')
    .default(25),
});
export type ContactsQuery = z.input<typeof contactsQuerySchema>;

/** `GET /api/v1/contacts`: the search alone; the page is a cursor (docs/decisions/047-connect-gaps.md). */
export const contactsSearchSchema = contactsQuerySchema.pick({ search: true });
export type ContactsSearch = z.infer<typeof contactsSearchSchema>;

export const contactsResponseSchema = z.object({
  contacts: z.array(contactSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

export const contactIdParamsSchema = z.object({ id: z.string() });

/** One survey sent to a contact, with its answers' scores and its cases. */
const contactSurveySchema = z.object({
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  surveyTemplateName: z.string(),
  surveyState: surveyStateSchema,
  surveyContactMethods: z.array(contactMethodReplySchema),
  sentAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The composite score in percent (null: not completed, or no composite question answered). */
  compositePercentage: z.number().nullable(),
  /** Each answered scale question's score and percentage (written at completion). */
  questionScores: z.array(z.object({ questionId: z.string(), score: z.number(), percentage: z.number() })),
  cases: z.array(z.object({ caseId: z.uuid(), status: z.string(), openedAt: z.iso.datetime() })),
});

/** `GET /contacts/{id}`: the contact, their surveys (newest first) and suppression. */
export const contactDetailSchema = z.object({
  contact: contactSchema,
  surveys: z.array(contactSurveySchema),
  /** The contact's addresses on the suppression list, with why. */
  suppressions: z.array(z.object({ contact: z.string(), reason: z.string(), createdAt: z.iso.datetime() })),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
