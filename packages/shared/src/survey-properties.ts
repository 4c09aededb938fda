import { z } from 'zod';
import { dateFormatsHint, dateTimeFormatsHint, readCalendarDate, readInstant } from './dates.js';
import type { PropertyType, SurveyDefinition, SurveyProperty } from './survey-definition.js';
import { calendarDatePattern, readBoolean, readNumber } from './values.js';

// Survey properties: typed values by property id (docs/product-rules.md#properties-and-questions).

export const requiredFieldMessage = 'This field is required';

export const surveyPropertyValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type SurveyPropertyValue = z.infer<typeof surveyPropertyValueSchema>;
export type SurveyPropertyValues = Record<string, SurveyPropertyValue>;
/** Values as sent: typed from forms and API clients, text from CSV files, null or '' for none. */
export const rawSurveyPropertyValuesSchema = z.record(z.string(), surveyPropertyValueSchema.nullable());
export type RawSurveyPropertyValues = Record<string, SurveyPropertyValue | null | undefined>;

const maxSurveyPropertyTextLength = 1000;

/**
 * docs/product-rules.md#properties-and-questions form defaults: false for Boolean, 0 for Number, empty text
 * otherwise.
 */
export function defaultPropertyValue(type: PropertyType): SurveyPropertyValue {
  if (type === 'Boolean') return false;
  if (type === 'Number') return 0;
  return '';
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

/** One present value checked against its property's type (docs/product-rules.md#properties-and-questions). */
function parseSurveyPropertyValue(
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
    case 'Date': {
      const value = readCalendarDate(text);
      return value ? { value } : { error: `${property.label} must be a valid date (${dateFormatsHint})` };
    }
    case 'DateTime': {
      const value = readInstant(text);
      return value
        ? { value }
        : { error: `${property.label} must be a valid date and time (${dateTimeFormatsHint})` };
    }
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
 * Checks the survey properties sent with a survey (docs/product-rules.md#properties-and-questions): required
 * ones must be non-empty
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

/**
 * How a property value reads in a text (e-mail, opening text): dates as MM/dd/yyyy
 * (docs/product-rules.md#properties-and-questions).
 */
export function formatPropertyValue(
  type: PropertyType,
  value: SurveyPropertyValue,
  listItemLabel?: string,
): string {
  switch (type) {
    case 'Boolean':
      return value === true ? 'Yes' : 'No';
    case 'Date': {
      const match = typeof value === 'string' ? calendarDatePattern.exec(value) : null;
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

/**
 * Property values by label, as `[Label]` tokens name them (`fillPropertyTokens`); a property without a
 * value reads empty. Surveys fill their texts with it, cases their replies.
 */
export function propertyTokenValues(
  definition: Pick<SurveyDefinition, 'properties'>,
  values: SurveyPropertyValues,
  labelOf: (listId: string, itemId: string) => string | undefined,
): Record<string, string> {
  return Object.fromEntries(
    definition.properties.map((property) => {
      const value = values[property.id];
      if (value === undefined) return [property.label, ''];
      const itemLabel =
        property.type === 'ListItem' && property.listId ? labelOf(property.listId, String(value)) : undefined;
      return [property.label, formatPropertyValue(property.type, value, itemLabel)];
    }),
  );
}
