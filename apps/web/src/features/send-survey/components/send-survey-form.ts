import {
  type ContactMethodInput,
  type CreateSurveyInput,
  contactMethodRequiredMessage,
  defaultPhoneCountry,
  defaultPropertyValue,
  formatPhoneNumber,
  invalidEmailMessage,
  invalidPhoneMessageFor,
  isValidEmailAddress,
  type RawSurveyPropertyValues,
  type SurveyProperty,
  toPhoneDigits,
  toStoredPhone,
  validateSurveyProperties,
} from '@graphium/shared';
import type { ListOption } from '@/features/lists/api/get-list';

// The Send Survey form (docs/product-rules.md#sending-surveys) as plain values: contact groups and property
// inputs, their
// messages, and the payload of `POST /surveys/`. The rules themselves come from @graphium/shared.

export type ContactGroup = { key: number; email: string; phone: string };
/** Inputs hold text (numbers and dates as typed) except Boolean checkboxes. */
export type PropertyInputValue = string | boolean;

export type SendSurveyValues = {
  contacts: ContactGroup[];
  properties: Record<string, PropertyInputValue>;
};

type ContactErrors = { email?: string; phone?: string; group?: string };

export type SendSurveyErrors = {
  contacts: ContactErrors[];
  properties: Record<string, string>;
};

export type SendSurveyProperty = Pick<SurveyProperty, 'id' | 'type' | 'label' | 'validation' | 'listId'>;

/** The most digits a phone number has (docs/product-rules.md#sending-surveys: 10 to 15). */
const maxPhoneDigits = 15;

let nextGroupKey = 0;
export function newContactGroup(): ContactGroup {
  nextGroupKey += 1;
  return { key: nextGroupKey, email: '', phone: '' };
}

/** docs/product-rules.md#sending-surveys defaults: false for Boolean, 0 for Number, empty text otherwise. */
export function initialValues(properties: readonly SendSurveyProperty[]): SendSurveyValues {
  return {
    contacts: [newContactGroup()],
    properties: Object.fromEntries(
      properties.map((property) => {
        const value = defaultPropertyValue(property.type);
        return [property.id, typeof value === 'number' ? String(value) : value];
      }),
    ),
  };
}

/**
 * What the phone input shows as the person types: US style, at most 15 digits, in a US
 * workspace; elsewhere what was typed (decision 021: the number is read against the workspace's
 * country when it is sent).
 */
export function formatPhoneInput(typed: string, phoneCountry = defaultPhoneCountry): string {
  if (phoneCountry !== defaultPhoneCountry) return typed.slice(0, maxTypedPhoneLength);
  return formatPhoneNumber(toPhoneDigits(typed).slice(0, maxPhoneDigits));
}

/** Room for 15 digits, a + and spaces or dashes between them. */
const maxTypedPhoneLength = 30;

/** A `datetime-local` value ("2024-05-01T09:30") is the browser's local time: sent as ISO. */
function toIsoDateTime(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function toRawPropertyValues(
  properties: readonly SendSurveyProperty[],
  values: SendSurveyValues['properties'],
): RawSurveyPropertyValues {
  return Object.fromEntries(
    properties.map((property) => {
      const value = values[property.id] ?? defaultPropertyValue(property.type);
      if (property.type === 'DateTime' && typeof value === 'string' && value.trim() !== '') {
        return [property.id, toIsoDateTime(value)];
      }
      return [property.id, value];
    }),
  );
}

function checkContact(group: ContactGroup, phoneCountry: string): ContactErrors {
  const errors: ContactErrors = {};
  const email = group.email.trim();
  const phone = group.phone.trim();
  if (!email && !phone) errors.group = contactMethodRequiredMessage;
  if (email && !isValidEmailAddress(email)) errors.email = invalidEmailMessage;
  if (phone && !toStoredPhone(phone, phoneCountry)) errors.phone = invalidPhoneMessageFor(phoneCountry);
  return errors;
}

/** Every message of the form; `options` are the ListItem properties' choices by list id. */
export function validateSendSurvey(
  properties: readonly SendSurveyProperty[],
  values: SendSurveyValues,
  options: Readonly<Record<string, readonly ListOption[]>>,
  /** The workspace's default country for phone numbers (decision 021). */
  phoneCountry = defaultPhoneCountry,
): SendSurveyErrors {
  const checked = validateSurveyProperties(properties, toRawPropertyValues(properties, values.properties), {
    resolveListItem: (listId, value) => options[listId]?.find((option) => option.value === value)?.value,
  });
  return {
    contacts: values.contacts.map((group) => checkContact(group, phoneCountry)),
    properties: checked.errors,
  };
}

export function hasErrors(errors: SendSurveyErrors): boolean {
  return (
    errors.contacts.some((contact) => Object.keys(contact).length > 0) ||
    Object.keys(errors.properties).length > 0
  );
}

/**
 * docs/product-rules.md#sending-surveys: contact methods (phone as digits only in a US workspace, else
 * E.164, decision 021) and the typed property values
 * by id.
 */
export function toCreateSurveyInput(
  versionId: string,
  properties: readonly SendSurveyProperty[],
  values: SendSurveyValues,
  phoneCountry = defaultPhoneCountry,
): CreateSurveyInput {
  const surveyContactMethods: ContactMethodInput[] = values.contacts.flatMap((group) => {
    const methods: ContactMethodInput[] = [];
    if (group.email.trim()) methods.push({ contactMethodType: 'email', emailAddress: group.email.trim() });
    if (group.phone.trim())
      methods.push({
        contactMethodType: 'phone',
        phoneNumber:
          phoneCountry === defaultPhoneCountry
            ? toPhoneDigits(group.phone)
            : (toStoredPhone(group.phone, phoneCountry) ?? group.phone.trim()),
      });
    return methods;
  });
  const raw = toRawPropertyValues(properties, values.properties);
  const surveyProperties: Record<string, string | number | boolean> = {};
  for (const property of properties) {
    const value = raw[property.id];
    if (value === null || value === undefined) continue;
    if (property.type === 'Number') {
      const text = String(value).trim();
      if (text !== '') surveyProperties[property.id] = Number(text);
    } else if (typeof value === 'string' && value.trim() === '') {
      // An empty optional value is left out.
    } else surveyProperties[property.id] = value;
  }
  return { surveyTemplateVersionId: versionId, surveyContactMethods, surveyProperties };
}
