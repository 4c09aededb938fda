// Reading dates and instants as people, browsers and spreadsheets write them
// (docs/product-rules.md#lookup-lists). Free of zod, like values.ts.

import { localParts } from './time-zones.js';
import { isCalendarDate } from './values.js';

/** The formats a date may come in, for messages that say what is expected. */
export const dateFormatsHint = 'YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date';
export const dateTimeFormatsHint = 'YYYY-MM-DDTHH:MM, optionally with seconds and a zone such as Z or +01:00';

const dayMs = 24 * 60 * 60 * 1000;
/** Spreadsheets count days from 30 December 1899 (Excel, Google Sheets, LibreOffice). */
const spreadsheetEpoch = Date.UTC(1899, 11, 30);
/** Five-digit serials only (1927 to 2173), so a year such as "2025" is never read as a day. */
const serialPattern = /^\d{5}(\.\d+)?$/;
const slashedPattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const isoYearFirstPattern = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
/** ISO 8601 date and time: "T" or a space, minutes required, seconds and fraction optional, then Z, ±HH:MM, ±HHMM or nothing. */
const instantPattern =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (value: number) => String(value).padStart(2, '0');

function spreadsheetSerial(value: unknown): number | undefined {
  if (typeof value === 'number') return value >= 10_000 && value < 100_000 ? value : undefined;
  if (typeof value === 'string' && serialPattern.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * A calendar day as YYYY-MM-DD, read from YYYY-MM-DD (a time after it is ignored), YYYY/MM/DD,
 * MM/DD/YYYY (the product's display order) or a spreadsheet serial day; undefined otherwise.
 */
export function readCalendarDate(value: unknown): string | undefined {
  const serial = spreadsheetSerial(value);
  if (serial !== undefined)
    return new Date(spreadsheetEpoch + Math.floor(serial) * dayMs).toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const instant = instantPattern.exec(text);
  const datePart = instant ? instant[1]! : text;
  const yearFirst = isoYearFirstPattern.exec(datePart);
  const slashed = slashedPattern.exec(datePart);
  const parts = yearFirst
    ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : slashed
      ? [slashed[3], slashed[1], slashed[2]]
      : undefined;
  if (!parts) return undefined;
  const day = `${parts[0]}-${pad(Number(parts[1]))}-${pad(Number(parts[2]))}`;
  return isCalendarDate(day) ? day : undefined;
}

/**
 * An instant as an ISO timestamp (UTC), read from ISO 8601 with or without seconds, with a zone
 * or without one (then read as UTC: a browser form sends its own zone), or a spreadsheet serial
 * with a fraction of a day; undefined otherwise.
 */
export function readInstant(value: unknown): string | undefined {
  const serial = spreadsheetSerial(value);
  if (serial !== undefined) return new Date(spreadsheetEpoch + Math.round(serial * dayMs)).toISOString();
  if (typeof value !== 'string') return undefined;
  const match = instantPattern.exec(value.trim());
  if (!match) return undefined;
  const [, day, hours, minutes, seconds = '00', fraction = '', zone = 'Z'] = match;
  if (!isCalendarDate(day!) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
    return undefined;
  }
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const time = new Date(`${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offset}`).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** An instant's wall clock in a time zone, as milliseconds of a UTC date with the same reading. */
function wallClockMs(date: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = localParts(date, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) + date.getUTCMilliseconds();
}

/** ISO 8601 in a time zone with its offset, to the second: "2025-03-04T10:06:00-05:00". */
export function formatInstantInZone(date: Date, timeZone: string): string {
  const wall = wallClockMs(date, timeZone);
  const offsetMinutes = Math.round((wall - date.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${new Date(wall).toISOString().slice(0, 19)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** A spreadsheet serial date-time (days since 30 December 1899) of an instant's wall clock in a zone. */
export function spreadsheetSerialInZone(date: Date, timeZone: string): number {
  return (wallClockMs(date, timeZone) - spreadsheetEpoch) / dayMs;
}
