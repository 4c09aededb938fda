import { maxListImportRows } from '@graphium/shared';
import Papa from 'papaparse';
import { formatNumber } from '@/lib/format';

export type ParsedCsv =
  | { ok: true; headers: string[]; rows: Record<string, string>[] }
  | { ok: false; errors: string[] };

const shownParseErrors = 5;

/** Reads a CSV whose first row holds the column headers; refuses broken rows and oversized files. */
export function parseItemsCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (parsed.meta.fields ?? []).filter((header) => header !== '');
  if (headers.length === 0) return { ok: false, errors: ['The file has no header row.'] };
  if (parsed.errors.length > 0) {
    const errors = parsed.errors
      .slice(0, shownParseErrors)
      .map((error) => (error.row === undefined ? error.message : `Row ${error.row + 1}: ${error.message}`));
    const more = parsed.errors.length - shownParseErrors;
    return { ok: false, errors: more > 0 ? [...errors, `and ${more} more problems`] : errors };
  }
  const rows = parsed.data;
  if (rows.length === 0) return { ok: false, errors: ['The file has no rows to import.'] };
  if (rows.length > maxListImportRows) {
    return {
      ok: false,
      errors: [
        `This file has ${formatNumber(rows.length)} rows. You can import at most ${formatNumber(maxListImportRows)} rows at a time. Split the file and import it in parts.`,
      ],
    };
  }
  // Papaparse names cells of unnamed columns ''; they hold nothing to import.
  return { ok: true, headers, rows: rows.map(({ '': _unnamed, ...row }) => row) };
}
