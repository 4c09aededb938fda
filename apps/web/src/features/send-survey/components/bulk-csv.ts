import { type BulkSurveyRow, maxBulkSurveyRows } from '@graphium/shared';
import Papa from 'papaparse';
import { formatNumber } from '@/lib/format';

// Bulk send files: e-mail, phone and one column per property label (headers matched loosely).

export type BulkCsv =
  | { ok: true; headers: string[]; propertyHeaders: string[]; rows: BulkSurveyRow[] }
  | { ok: false; errors: string[] };

export const bulkChunkSize = 1000;
const shownParseErrors = 5;

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const emailHeaders = new Set(['email', 'emailaddress', 'e-mail']);
const phoneHeaders = new Set(['phone', 'phonenumber', 'mobile', 'sms']);

function tooManyRowsMessage(count: number): string {
  return `This file has ${formatNumber(count)} rows. You can send at most ${formatNumber(maxBulkSurveyRows)} surveys at a time. Split the file and send it in parts.`;
}

/** Reads a CSV whose first row holds the headers into bulk rows; refuses broken or oversized files. */
export function parseBulkCsv(text: string): BulkCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (parsed.meta.fields ?? []).filter((header) => header !== '');
  if (headers.length === 0) return { ok: false, errors: ['The file has no header row.'] };
  if (parsed.data.length > maxBulkSurveyRows)
    return { ok: false, errors: [tooManyRowsMessage(parsed.data.length)] };
  // A file of one column (only e-mails) has no delimiter to detect: that is not a problem.
  const problems = parsed.errors.filter((error) => error.code !== 'UndetectableDelimiter');
  if (problems.length > 0) {
    const errors = problems
      .slice(0, shownParseErrors)
      .map((error) => (error.row === undefined ? error.message : `Row ${error.row + 1}: ${error.message}`));
    const more = problems.length - shownParseErrors;
    return { ok: false, errors: more > 0 ? [...errors, `and ${more} more problems`] : errors };
  }
  if (parsed.data.length === 0) return { ok: false, errors: ['The file has no rows to send.'] };
  const emailHeader = headers.find((header) => emailHeaders.has(normalise(header)));
  const phoneHeader = headers.find((header) => phoneHeaders.has(normalise(header)));
  const propertyHeaders = headers.filter((header) => header !== emailHeader && header !== phoneHeader);
  const rows = parsed.data.map((cells) => ({
    emailAddress: emailHeader ? (cells[emailHeader] ?? '') : '',
    phoneNumber: phoneHeader ? (cells[phoneHeader] ?? '') : '',
    properties: Object.fromEntries(propertyHeaders.map((header) => [header, cells[header] ?? ''])),
  }));
  return { ok: true, headers, propertyHeaders, rows };
}

/** The header row of a file for this template: email, phone, then each property's label. */
export function templateCsv(propertyLabels: readonly string[]): string {
  return `${Papa.unparse([['email', 'phone', ...propertyLabels]])}\r\n`;
}

export function chunkRows<T>(rows: readonly T[], size = bulkChunkSize): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
