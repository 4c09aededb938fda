import { addDays, dashboardMaxDays, daysInRange } from '@graphium/shared';

// The range picker's presets and how the range reads from and writes to the URL query
// (docs/decisions/028-dashboard.md): `range=7d|30d|90d|quarter|year`, or `from` and `to` for a custom range.

export const rangePresets = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'quarter', label: 'This quarter' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof rangePresets)[number]['value'];
const defaultPreset: RangePreset = '30d';

/** Today in the browser's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The days a preset covers, ending today (the quarter and the year from their first day). */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'quarter': {
      const month = Number(today.slice(5, 7));
      const first = month - ((month - 1) % 3);
      return { from: `${today.slice(0, 4)}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Why a custom range cannot be shown, or undefined when it can. */
export function customRangeProblem(from: string, to: string): string | undefined {
  if (!datePattern.test(from) || !datePattern.test(to)) return 'Choose both dates.';
  if (from > to) return 'The end date must be on or after the start date.';
  if (daysInRange(from, to) > dashboardMaxDays) return 'Choose a range of at most two years.';
  return undefined;
}

export interface RangeState {
  preset: RangePreset;
  from: string;
  to: string;
}

/** The range the URL asks for; a missing or unreadable one falls back to the last 30 days. */
export function readRange(params: URLSearchParams, today: string): RangeState {
  const preset = params.get('range');
  if (preset === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (!customRangeProblem(from, to)) return { preset, from, to };
  }
  const known = rangePresets.find((option) => option.value === preset && option.value !== 'custom');
  const chosen = (known?.value ?? defaultPreset) as Exclude<RangePreset, 'custom'>;
  return { preset: chosen, ...presetRange(chosen, today) };
}
