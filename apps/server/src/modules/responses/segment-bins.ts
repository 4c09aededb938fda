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
