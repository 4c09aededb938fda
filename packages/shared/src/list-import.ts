import { z } from 'zod';
import {
  type ListItemValues,
  type ListProperty,
  maxListImportRows,
  type PropertyRule,
  type RawListItemValues,
  rawListItemValuesSchema,
  validateListItemValues,
} from './list.js';

// CSV import of list items: the header row holds property names or display names.

/** `POST /lists/{id}/items/import`: rows keyed by column header; a dry run only checks them. */
export const importListItemsSchema = z.object({
  rows: z
    .array(rawListItemValuesSchema)
    .min(1, 'The file has no rows to import.')
    .max(
      maxListImportRows,
      `You can import at most ${maxListImportRows.toLocaleString('en-US')} rows at a time. Split the file and import it in parts.`,
    ),
  dryRun: z.boolean().default(false),
});

const importRowErrorSchema = z.object({
  /** 1-based position among the data rows (the header row is not counted). */
  row: z.number().int(),
  errors: z.record(z.string(), z.string()),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importListItemsResultSchema = z.object({
  dryRun: z.boolean(),
  rowCount: z.number().int(),
  validRowCount: z.number().int(),
  /** Column header → the property name it fills. */
  columns: z.record(z.string(), z.string()),
  columnErrors: z.record(z.string(), z.string()),
  rowErrors: z.array(importRowErrorSchema),
  importedCount: z.number().int(),
});
export type ImportListItemsResult = z.infer<typeof importListItemsResultSchema>;

/** Matches each header to a property: its name first, then its name or display name ignoring case. */
export function resolveImportColumns(
  headers: readonly string[],
  properties: readonly Pick<ListProperty, 'name' | 'displayName'>[],
): { columns: Record<string, string>; errors: Record<string, string> } {
  const columns: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const claimedBy = new Map<string, string>();
  for (const header of headers) {
    const wanted = header.trim();
    const lowered = wanted.toLowerCase();
    const exact = properties.filter((property) => property.name === wanted);
    const matches =
      exact.length > 0
        ? exact
        : properties.filter(
            (property) =>
              property.name.toLowerCase() === lowered ||
              property.displayName.trim().toLowerCase() === lowered,
          );
    const [match] = matches;
    if (!match) {
      errors[header] = `Column "${wanted}" matches no property of this list`;
    } else if (matches.length > 1) {
      errors[header] = `Column "${wanted}" matches several properties; use the property name instead`;
    } else if (claimedBy.has(match.name)) {
      errors[header] =
        `Columns "${claimedBy.get(match.name)}" and "${wanted}" both fill ${match.displayName}`;
    } else {
      claimedBy.set(match.name, wanted);
      columns[header] = match.name;
    }
  }
  return { columns, errors };
}

/** Checks every row of an import; nothing is written unless all of them pass. */
export function validateImportRows(
  properties: readonly PropertyRule[],
  rows: readonly RawListItemValues[],
): {
  items: ListItemValues[];
  columns: Record<string, string>;
  columnErrors: Record<string, string>;
  rowErrors: ImportRowError[];
} {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const { columns, errors: columnErrors } = resolveImportColumns(headers, properties);
  const items: ListItemValues[] = [];
  const rowErrors: ImportRowError[] = [];
  rows.forEach((row, index) => {
    const named: RawListItemValues = {};
    for (const [header, value] of Object.entries(row)) {
      const name = columns[header];
      if (name) named[name] = value;
    }
    const { values, errors } = validateListItemValues(properties, named);
    if (Object.keys(errors).length > 0) rowErrors.push({ row: index + 1, errors });
    else items.push(values);
  });
  return { items, columns, columnErrors, rowErrors };
}
