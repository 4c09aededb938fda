import type { ListItemValues, ListProperty, RawListItemValues } from '@graphium/shared';
import { fromDateTimeLocal, toDateTimeLocal } from './format-value';

/** What the item form holds: text for inputs, true/false for checkboxes, keyed by property name. */
export type ItemFormValues = { values: Record<string, string | boolean> };

export function toFormValues(properties: ListProperty[], stored: ListItemValues = {}): ItemFormValues {
  const values: Record<string, string | boolean> = {};
  for (const property of properties) {
    const value = Object.hasOwn(stored, property.name) ? stored[property.name] : undefined;
    if (property.type === 'BOOLEAN') values[property.name] = value === true;
    else if (property.type === 'DATE_TIME' && typeof value === 'string')
      values[property.name] = toDateTimeLocal(value);
    else values[property.name] = value === undefined ? '' : String(value);
  }
  return { values };
}

/** The form's values as the API takes them: timestamps in ISO form, everything else as typed. */
export function toRawValues(properties: ListProperty[], form: ItemFormValues): RawListItemValues {
  const raw: RawListItemValues = {};
  for (const property of properties) {
    const value = form.values[property.name];
    if (value === undefined) continue;
    raw[property.name] =
      property.type === 'DATE_TIME' && typeof value === 'string' ? fromDateTimeLocal(value) : value;
  }
  return raw;
}

/** docs/product-rules.md#lookup-lists: submitting needs something filled in (a checked box counts). */
export function hasAnyValue(form: ItemFormValues): boolean {
  return Object.values(form.values).some((value) =>
    typeof value === 'string' ? value.trim() !== '' : value,
  );
}
