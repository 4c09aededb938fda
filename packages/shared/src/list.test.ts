import { describe, expect, it } from 'vitest';
import {
  createListSchema,
  getListItemLabel,
  getListItemOptions,
  getListTransitionError,
  type ListProperty,
  listPropertyInputSchema,
  validateListItemValues,
} from './list.js';
import { resolveImportColumns, validateImportRows } from './list-import.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

function property(overrides: Partial<ListProperty> & Pick<ListProperty, 'name' | 'type'>): ListProperty {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    displayName: overrides.name.toUpperCase(),
    description: 'A property',
    active: true,
    isDefaultLabel: false,
    ...overrides,
  };
}

describe('create list rules (docs/product-rules.md#lookup-lists)', () => {
  it('has the form messages and leaves the description optional', () => {
    expect(firstMessage(createListSchema.safeParse({ listName: '  ' }))).toBe('List name is required');
    expect(firstMessage(createListSchema.safeParse({ listName: 'a' }))).toBe(
      'List name must be at least 2 characters',
    );
    expect(firstMessage(createListSchema.safeParse({ listName: 'a'.repeat(100) }))).toBe(
      'List name must be less than 100 characters',
    );
    expect(createListSchema.parse({ listName: ' Stores ' })).toEqual({
      listName: 'Stores',
      listDescription: '',
    });
  });
});

describe('list property rules (docs/product-rules.md#lookup-lists)', () => {
  it('requires name, display name and description, and defaults active and isDefaultLabel', () => {
    const result = listPropertyInputSchema.safeParse({
      name: '',
      displayName: '',
      description: '',
      type: 'STRING',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Property name is required',
      'Property name must start with a letter and use only letters, digits, hyphens and underscores',
      'Display name is required',
      'Description is required',
    ]);
    expect(
      listPropertyInputSchema.parse({
        name: 'city',
        displayName: 'City',
        description: 'Where',
        type: 'STRING',
      }),
    ).toMatchObject({ active: true, isDefaultLabel: false });
    expect(
      listPropertyInputSchema.safeParse({
        name: 'city',
        displayName: 'City',
        description: 'Where',
        type: 'TEXT',
      }).success,
    ).toBe(false);
  });
});

describe('list state transitions (docs/product-rules.md#lookup-lists)', () => {
  it('publishes drafts and unpublished lists, unpublishes published ones, archives anything not archived', () => {
    expect(getListTransitionError('DRAFT', 'PUBLISHED')).toBeUndefined();
    expect(getListTransitionError('UNPUBLISHED', 'PUBLISHED')).toBeUndefined();
    expect(getListTransitionError('PUBLISHED', 'UNPUBLISHED')).toBeUndefined();
    expect(getListTransitionError('DRAFT', 'ARCHIVED')).toBeUndefined();
    expect(getListTransitionError('PUBLISHED', 'ARCHIVED')).toBeUndefined();
    expect(getListTransitionError('DRAFT', 'UNPUBLISHED')).toBe('Only a published list can be unpublished.');
    expect(getListTransitionError('PUBLISHED', 'PUBLISHED')).toBe('This list is already published.');
    expect(getListTransitionError('PUBLISHED', 'DRAFT')).toBe('A list cannot go back to draft.');
    expect(getListTransitionError('ARCHIVED', 'PUBLISHED')).toBe(
      'This list is archived and can no longer change.',
    );
  });
});

describe('list item values (docs/product-rules.md#lookup-lists)', () => {
  const properties = [
    property({ name: 'name', displayName: 'Name', type: 'STRING' }),
    property({ name: 'price', displayName: 'Price', type: 'NUMBER' }),
    property({ name: 'open', displayName: 'Open', type: 'BOOLEAN' }),
    property({ name: 'since', displayName: 'Since', type: 'DATE' }),
    property({ name: 'opens', displayName: 'Opens at', type: 'TIME' }),
    property({ name: 'checked', displayName: 'Checked', type: 'DATE_TIME' }),
    property({ name: 'legacy', displayName: 'Legacy', type: 'STRING', active: false }),
  ];

  it('converts valid values to their types, in property order, and defaults booleans to false', () => {
    const result = validateListItemValues(properties, {
      checked: '2025-03-01T10:00:00+01:00',
      opens: '09:30',
      since: '2024-02-29',
      price: ' 12.5 ',
      name: ' Main street ',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Main street',
      price: 12.5,
      open: false,
      since: '2024-02-29',
      opens: '09:30',
      checked: '2025-03-01T09:00:00.000Z',
    });
    expect(Object.keys(result.values)).toEqual(['name', 'price', 'open', 'since', 'opens', 'checked']);
  });

  it('requires active values with the display name, checks types and refuses unknown names', () => {
    const result = validateListItemValues(properties, {
      price: 'abc',
      open: 'maybe',
      since: '2023-02-29',
      opens: '25:00',
      checked: 'yesterday',
      colour: 'red',
    });
    expect(result.errors).toEqual({
      name: 'Name is required',
      price: 'Price must be a valid number',
      open: 'Open must be true or false',
      since: 'Since must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
      opens: 'Opens at must be a valid time (HH:MM)',
      checked:
        'Checked must be a valid date and time (YYYY-MM-DDTHH:MM, optionally with seconds and a zone such as Z or +01:00)',
      colour: 'Unknown property "colour"',
    });
    // What spreadsheets and browsers write is read, and stored in one form.
    const written = validateListItemValues(properties, {
      name: 'North',
      price: '1',
      opens: '09:30',
      since: '03/04/2025',
      checked: '2025-03-03T10:00',
    });
    expect(written.errors).toEqual({});
    expect(written.values).toMatchObject({ since: '2025-03-04', checked: '2025-03-03T10:00:00.000Z' });
    expect(
      validateListItemValues(properties, { name: 'x', since: '2024-01-01', opens: '10:00' }).errors,
    ).toEqual({
      price: 'Price must be a valid number',
      checked: 'Checked is required',
    });
    expect(validateListItemValues(properties, { price: Number.POSITIVE_INFINITY }).errors.price).toBe(
      'Price must be a valid number',
    );
  });

  it('merges into stored values; an empty value clears an optional one', () => {
    const stored = {
      name: 'A',
      price: 1,
      open: true,
      since: '2024-01-01',
      opens: '10:00',
      checked: '2024-01-01T00:00:00.000Z',
      legacy: 'old',
    };
    const result = validateListItemValues(properties, { price: '2', legacy: '' }, stored);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...stored, price: 2, legacy: undefined });
    expect(Object.hasOwn(result.values, 'legacy')).toBe(false);
    expect(validateListItemValues(properties, { name: null }, stored).errors).toEqual({
      name: 'Name is required',
    });
  });
});

describe('CSV import', () => {
  const properties = [
    property({ name: 'city', displayName: 'City', type: 'STRING' }),
    property({ name: 'size', displayName: 'Head count', type: 'NUMBER' }),
  ];

  it('matches headers by name, then by name or display name ignoring case', () => {
    expect(resolveImportColumns(['city', 'HEAD COUNT'], properties)).toEqual({
      columns: { city: 'city', 'HEAD COUNT': 'size' },
      errors: {},
    });
    expect(resolveImportColumns(['City', 'city', 'colour'], properties).errors).toEqual({
      city: 'Columns "City" and "city" both fill City',
      colour: 'Column "colour" matches no property of this list',
    });
  });

  it('reports errors per 1-based data row and keeps the valid rows', () => {
    const result = validateImportRows(properties, [
      { City: 'Paris', 'Head count': '12' },
      { City: '', 'Head count': 'many' },
      { City: 'Rome', 'Head count': '3' },
    ]);
    expect(result.rowErrors).toEqual([
      { row: 2, errors: { city: 'City is required', size: 'Head count must be a valid number' } },
    ]);
    expect(result.items).toEqual([
      { city: 'Paris', size: 12 },
      { city: 'Rome', size: 3 },
    ]);
  });
});

describe('list item labels (docs/product-rules.md#lookup-lists)', () => {
  const item = (
    listItemId: string,
    listItemProperties: Record<string, string | number | boolean>,
    isArchived = false,
  ) => ({
    listItemId,
    listItemProperties,
    isArchived,
  });

  it('uses the default-label property, else the first value in property order, else the id', () => {
    const listProperties = [
      { name: 'code', isDefaultLabel: false },
      { name: 'title', isDefaultLabel: true },
    ];
    expect(getListItemLabel(item('i1', { code: 'A1', title: 'Alpha' }), listProperties)).toBe('Alpha');
    expect(getListItemLabel(item('i2', { code: 'B2', title: ' ' }), listProperties)).toBe('B2');
    expect(getListItemLabel(item('i3', { zeta: 0 }), listProperties)).toBe('0');
    expect(getListItemLabel(item('i4', {}), listProperties)).toBe('i4');
  });

  it('offers only items that are not archived', () => {
    const list = {
      listProperties: [{ name: 'title', isDefaultLabel: true }],
      listItems: [item('i1', { title: 'Kept' }), item('i2', { title: 'Gone' }, true)],
    };
    expect(getListItemOptions(list)).toEqual([{ value: 'i1', label: 'Kept' }]);
  });
});
