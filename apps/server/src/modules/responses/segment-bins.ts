// How numbers and dates are cut into segments (docs/decisions/029-segments.md): "nice" ranges,
// at most about ten, each from its low bound (included) to its high bound (excluded).

const maxBins = 10;

function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** The smallest step of 1, 2 or 5 × 10^k that cuts the span into at most `maxBins` ranges. */
function niceStep(span: number, wholeNumbers: boolean): number {
  if (!(span > 0)) return 1;
  const raw = span / maxBins;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10]
    .map((factor) => tidy(factor * power))
    .find((candidate) => candidate * maxBins >= span)!;
  return wholeNumbers ? Math.max(1, Math.ceil(step)) : step;
}

export interface NumberBins {
  start: number;
  step: number;
  count: number;
}

/** Ranges covering min..max: start a multiple of the step, max inside the last range. */
export function numberBins(min: number, max: number): NumberBins {
  const wholeNumbers = Number.isInteger(min) && Number.isInteger(max);
  const step = niceStep(max - min, wholeNumbers);
  const start = tidy(Math.floor(min / step) * step);
  const count = Math.floor(tidy((max - start) / step)) + 1;
  return { start, step, count };
}

export function binBounds(bins: NumberBins, index: number): { low: number; high: number } {
  return { low: tidy(bins.start + index * bins.step), high: tidy(bins.start + (index + 1) * bins.step) };
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

type DateUnit = 'day' | 'month' | 'year';

export interface DateBins {
  unit: DateUnit;
  /** Years per range when the unit is a year. */
  yearStep: number;
}

const dayMs = 86_400_000;

function toDay(text: string): Date {
  return new Date(`${text}T00:00:00.000Z`);
}

/** Days for a month or so, months up to two years, then years (1, 2, 5, 10... per range). */
export function dateBins(min: string, max: string): DateBins {
  const spanDays = (toDay(max).getTime() - toDay(min).getTime()) / dayMs;
  if (spanDays <= 31) return { unit: 'day', yearStep: 1 };
  if (spanDays <= 731) return { unit: 'month', yearStep: 1 };
  const years = toDay(max).getUTCFullYear() - toDay(min).getUTCFullYear();
  return { unit: 'year', yearStep: niceStep(years, true) };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first day of the range after the one starting at `low`. */
export function nextDateBound(bins: DateBins, low: string): string {
  const date = toDay(low);
  if (bins.unit === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (bins.unit === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + bins.yearStep);
  return isoDay(date);
}

/** Every range start from the one holding `min` to the one holding `max`. */
export function dateBinStarts(bins: DateBins, min: string, max: string): string[] {
  const first = toDay(min);
  if (bins.unit !== 'day') first.setUTCDate(1);
  if (bins.unit === 'year') {
    first.setUTCMonth(0);
    first.setUTCFullYear(Math.floor(first.getUTCFullYear() / bins.yearStep) * bins.yearStep);
  }
  const starts: string[] = [];
  for (let low = isoDay(first); low <= max; low = nextDateBound(bins, low)) starts.push(low);
  return starts;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function dateBinLabel(bins: DateBins, low: string): string {
  const date = toDay(low);
  if (bins.unit === 'day')
    return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  if (bins.unit === 'month') return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const year = date.getUTCFullYear();
  return bins.yearStep === 1 ? String(year) : `${year}–${year + bins.yearStep - 1}`;
}

// ---- placing a value in its range, exactly as PostgreSQL's numeric arithmetic would ----

/** A decimal as digits × 10^exponent (`-12.5e3` → -125n, 2), read from its text. */
interface Decimal {
  digits: bigint;
  exponent: number;
}

function readDecimal(text: string): Decimal {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { digits: sign === '-' ? -digits : digits, exponent: Number(exponent) - fraction.length };
}

/** The digits of each decimal at their smallest common exponent. */
function aligned(...values: Decimal[]): bigint[] {
  const exponent = Math.min(...values.map((value) => value.exponent));
  return values.map((value) => value.digits * 10n ** BigInt(value.exponent - exponent));
}

/** Compares two decimals given as text (a number property's values as PostgreSQL writes them). */
export function compareDecimals(left: string, right: string): number {
  const [a, b] = aligned(readDecimal(left), readDecimal(right));
  return a! < b! ? -1 : a! > b! ? 1 : 0;
}

/**
 * The range of a value: floor((value - start) / step) in exact decimal arithmetic, as the SQL of
 * decision 029 computed it over `numeric` (start and step bound as JavaScript writes them).
 */
export function numberBinIndex(bins: NumberBins, value: string): number {
  const [v, start, step] = aligned(
    readDecimal(value),
    readDecimal(String(bins.start)),
    readDecimal(String(bins.step)),
  );
  const difference = v! - start!;
  const quotient = difference / step!;
  // BigInt division truncates towards zero; floor for a negative remainder.
  return Number(difference % step! !== 0n && difference < 0n !== step! < 0n ? quotient - 1n : quotient);
}

/** The first day of the range holding `day` (YYYY-MM-DD). */
export function dateBinStart(bins: DateBins, day: string): string {
  if (bins.unit === 'day') return day;
  if (bins.unit === 'month') return `${day.slice(0, 7)}-01`;
  const year = Number(day.slice(0, 4));
  return `${String(Math.floor(year / bins.yearStep) * bins.yearStep).padStart(4, '0')}-01-01`;
}
