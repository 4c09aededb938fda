import { z } from 'zod';
import { dateFormatsHint, dateTimeFormatsHint, readCalendarDate, readInstant } from './dates.js';

// Lookup lists (docs/product-rules.md#lookup-lists): a list has typed properties and items whose values are
// keyed
// by property name. The rules here are shared by the server and the web forms.

export const listStates = ['DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'ARCHIVED'] as const;
const listStateSchema = z.enum(listStates);
export type ListState = z.infer<typeof listStateSchema>;

export const listStateLabels: Record<ListState, string> = {
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  UNPUBLISHED: 'Unpublished',
  ARCHIVED: 'Archived',
};

export const listPropertyTypes = ['STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'TIME', 'DATE_TIME'] as const;
const listPropertyTypeSchema = z.enum(listPropertyTypes);
export type ListPropertyType = z.infer<typeof listPropertyTypeSchema>;

export const listPropertyTypeLabels: Record<ListPropertyType, string> = {
  STRING: 'Text',
  NUMBER: 'Number',
  BOOLEAN: 'Boolean',
  DATE: 'Date',
  TIME: 'Time',
  DATE_TIME: 'Date and time',
};

/** docs/product-rules.md#lookup-lists: lists table page size 10, 5 placeholder rows while loading. */
export const listsPageSize = 10;
export const listsLoadingRows = 5;
/** The most rows one CSV import may hold. */
export const maxListImportRows = 10_000;
const maxListItemTextLength = 1000;

// ---------------------------------------------------------------------------------------------
// Create / edit list (docs/product-rules.md#lookup-lists: "List name ... under 100").

const listNameSchema = z
  .string()
  .trim()
  .min(1, 'List name is required')
  .min(2, 'List name must be at least 2 characters')
  .max(99, 'List name must be less than 100 characters');

const listDescriptionSchema = z.string().trim().max(1000, 'Description must be at most 1000 characters');

export const createListSchema = z.object({
  listName: listNameSchema,
  listDescription: listDescriptionSchema.nullish().transform((value) => value ?? ''),
});
export type CreateListInput = z.input<typeof createListSchema>;
export type CreateList = z.output<typeof createListSchema>;

/** `PATCH /lists/{id}`: the Edit List dialog sends both; API clients may send one. */
export const updateListSchema = z
  .object({ listName: listNameSchema.optional(), listDescription: listDescriptionSchema.nullish() })
  .refine((value) => value.listName !== undefined || value.listDescription !== undefined, {
    message: 'Change the name or the description',
  });
export type UpdateListInput = z.input<typeof updateListSchema>;
export type UpdateList = z.output<typeof updateListSchema>;

export const updateListStateSchema = z.object({ stateCode: listStateSchema });

/**
 * docs/product-rules.md#lookup-lists: DRAFT or UNPUBLISHED can be published, PUBLISHED can be unpublished,
 * anything not
 * archived can be archived; nothing goes back to DRAFT and an archived list stays archived.
 * Answers why a transition is refused, or undefined when it is allowed.
 */
export function getListTransitionError(from: ListState, to: ListState): string | undefined {
  if (from === 'ARCHIVED') return 'This list is archived and can no longer change.';
  if (to === 'PUBLISHED') return from === 'PUBLISHED' ? 'This list is already published.' : undefined;
  if (to === 'UNPUBLISHED') {
    return from === 'PUBLISHED' ? undefined : 'Only a published list can be unpublished.';
  }
  if (to === 'ARCHIVED') return undefined;
  return 'A list cannot go back to draft.';
}

// ---------------------------------------------------------------------------------------------
// List properties (docs/product-rules.md#lookup-lists).

const propertyFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Property name is required')
    .max(100, 'Property name must be at most 100 characters')
    // The name keys item values and CSV columns: no dots or spaces, no prototype tricks.
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]*$/,
      'Property name must start with a letter and use only letters, digits, hyphens and underscores',
    ),
  displayName: z
    .string()
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be at most 100 characters'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(500, 'Description must be at most 500 characters'),
  type: listPropertyTypeSchema,
  active: z.boolean(),
  isDefaultLabel: z.boolean(),
};

export const listPropertyInputSchema = z.object({
  ...propertyFields,
  active: z.boolean().default(true),
  isDefaultLabel: z.boolean().default(false),
});
export type ListPropertyInput = z.input<typeof listPropertyInputSchema>;
export type ListPropertyValues = z.output<typeof listPropertyInputSchema>;

/** `POST /lists/{id}/property`. */
export const createListPropertySchema = z.object({ listProperty: listPropertyInputSchema });
/** `PATCH /lists/{id}/property/{propertyId}`: only the fields sent change. */
export const updateListPropertySchema = z.object({ listProperty: z.object(propertyFields).partial() });
export type UpdateListPropertyInput = z.input<typeof updateListPropertySchema>;
export type UpdateListProperty = z.output<typeof updateListPropertySchema>['listProperty'];

export const listPropertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  type: listPropertyTypeSchema,
  active: z.boolean(),
  isDefaultLabel: z.boolean(),
});
export type ListProperty = z.infer<typeof listPropertySchema>;

// ---------------------------------------------------------------------------------------------
// List items (docs/product-rules.md#lookup-lists).

const listItemValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type ListItemValue = z.infer<typeof listItemValueSchema>;
export type ListItemValues = Record<string, ListItemValue>;
/** Values as sent: strings from forms and CSV files, typed values from API clients, null to clear. */
export const rawListItemValuesSchema = z.record(z.string(), listItemValueSchema.nullable());
export type RawListItemValues = Record<string, ListItemValue | null>;

export const createListItemSchema = z.object({ listItemProperties: rawListItemValuesSchema });

/** `PATCH /lists/{id}/item/{itemId}`: values merge into the stored ones (null clears); archive or restore. */
export const updateListItemSchema = z
  .object({ listItemProperties: rawListItemValuesSchema.optional(), isArchived: z.boolean().optional() })
  .refine((value) => value.listItemProperties !== undefined || value.isArchived !== undefined, {
    message: 'Change the values or the archived flag',
  });
export type UpdateListItemInput = z.input<typeof updateListItemSchema>;

export const listItemSchema = z.object({
  listItemId: z.uuid(),
  listItemProperties: z.record(z.string(), listItemValueSchema),
  isArchived: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ListItem = z.infer<typeof listItemSchema>;

// ---------------------------------------------------------------------------------------------
// Replies.

export const listSchema = z.object({
  listId: z.uuid(),
  listName: z.string(),
  listDescription: z.string(),
  listState: listStateSchema,
  listProperties: z.array(listPropertySchema),
  listItems: z.array(listItemSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type List = z.infer<typeof listSchema>;

const listSummarySchema = listSchema.omit({ listProperties: true, listItems: true }).extend({
  listPropertiesCount: z.number().int(),
  /** Items not archived. */
  listItemsCount: z.number().int(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

/** `GET /lists/`. */
export const listsResponseSchema = z.object({ lists: z.array(listSummarySchema) });
export type ListsResponse = z.infer<typeof listsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Typed values (docs/product-rules.md#lookup-lists List item; the server checks every value against its
// property's type).

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
type ValueResult = { value: ListItemValue } | { error: string };

/** One value checked against its property's type; an empty value is the caller's business. */
export function parseListItemValue(
  property: Pick<ListProperty, 'type' | 'displayName'>,
  raw: ListItemValue,
): ValueResult {
  const label = property.displayName;
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (property.type) {
    case 'NUMBER': {
      const value =
        typeof text === 'number'
          ? text
          : typeof text === 'string' && numberPattern.test(text)
            ? Number(text)
            : Number.NaN;
      return Number.isFinite(value) ? { value } : { error: `${label} must be a valid number` };
    }
    case 'BOOLEAN': {
      if (typeof text === 'boolean') return { value: text };
      const lowered = String(text).toLowerCase();
      if (lowered === 'true' || lowered === 'false') return { value: lowered === 'true' };
      return { error: `${label} must be true or false` };
    }
    case 'DATE': {
      const value = readCalendarDate(text);
      return value ? { value } : { error: `${label} must be a valid date (${dateFormatsHint})` };
    }
    case 'TIME':
      return typeof text === 'string' && timePattern.test(text)
        ? { value: text }
        : { error: `${label} must be a valid time (HH:MM)` };
    case 'DATE_TIME': {
      const value = readInstant(text);
      return value ? { value } : { error: `${label} must be a valid date and time (${dateTimeFormatsHint})` };
    }
    default: {
      // A number or boolean sent for text is kept as its text (e.g. after a type change).
      const value = String(text);
      return value.length > maxListItemTextLength
        ? { error: `${label} must be at most ${maxListItemTextLength} characters` }
        : { value };
    }
  }
}

function isEmptyValue(raw: ListItemValue | null | undefined): raw is null | undefined | '' {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

export type PropertyRule = Pick<ListProperty, 'name' | 'displayName' | 'type' | 'active'>;

export interface ListItemValidation {
  /** The stored values, in the list's property order. */
  values: ListItemValues;
  /** Messages keyed by property name (or by the unknown name sent). */
  errors: Record<string, string>;
}

/**
 * Checks an item's values (docs/product-rules.md#lookup-lists): every active property but BOOLEAN needs a
 * value (STRING,
 * DATE, TIME, DATE_TIME: "{display name} is required"; NUMBER: "... must be a valid number"),
 * every value must fit its type, and unknown names are refused. `stored` holds the values an
 * update merges into; an empty or null value clears one.
 */
export function validateListItemValues(
  properties: readonly PropertyRule[],
  raw: Readonly<Record<string, ListItemValue | null | undefined>>,
  stored: ListItemValues = {},
): ListItemValidation {
  const byName = new Map(properties.map((property) => [property.name, property]));
  const merged = new Map<string, ListItemValue>(Object.entries(stored));
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const property = byName.get(name);
    if (!property) {
      errors[name] = `Unknown property "${name}"`;
    } else if (isEmptyValue(value)) {
      merged.delete(name);
    } else {
      const parsed = parseListItemValue(property, value);
      if ('error' in parsed) errors[name] = parsed.error;
      else merged.set(name, parsed.value);
    }
  }
  const values: ListItemValues = {};
  for (const property of properties) {
    const value = merged.get(property.name);
    if (value !== undefined) {
      values[property.name] = value;
    } else if (property.active && errors[property.name] === undefined) {
      if (property.type === 'BOOLEAN') values[property.name] = false;
      else if (property.type === 'NUMBER')
        errors[property.name] = `${property.displayName} must be a valid number`;
      else errors[property.name] = `${property.displayName} is required`;
    }
  }
  return { values, errors };
}

// ---------------------------------------------------------------------------------------------
// Labels (docs/product-rules.md#lookup-lists): items offered in a ListItem field.

type LabelledList = {
  listProperties: readonly Pick<ListProperty, 'name' | 'isDefaultLabel'>[];
  listItems: readonly Pick<ListItem, 'listItemId' | 'listItemProperties' | 'isArchived'>[];
};

function labelText(value: ListItemValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The default-label property's value, else the first value (in property order), else the id. */
export function getListItemLabel(
  item: Pick<ListItem, 'listItemId' | 'listItemProperties'>,
  properties: LabelledList['listProperties'],
): string {
  const values = item.listItemProperties;
  const read = (name: string) => (Object.hasOwn(values, name) ? labelText(values[name]) : undefined);
  const defaultLabel = properties.find((property) => property.isDefaultLabel);
  const fromDefault = defaultLabel ? read(defaultLabel.name) : undefined;
  if (fromDefault) return fromDefault;
  const names = [...properties.map((property) => property.name), ...Object.keys(values)];
  for (const name of names) {
    const text = read(name);
    if (text) return text;
  }
  return item.listItemId;
}

/** The choices a ListItem field offers: archived items excluded (docs/product-rules.md#lookup-lists). */
export function getListItemOptions(list: LabelledList): { value: string; label: string }[] {
  return list.listItems
    .filter((item) => !item.isArchived)
    .map((item) => ({ value: item.listItemId, label: getListItemLabel(item, list.listProperties) }));
}
