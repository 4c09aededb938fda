import { Resvg } from '@resvg/resvg-js';

// A digest's chart (docs/decisions/031-scheduled-reports.md): completed responses per local day
// of the period as bars, drawn as SVG and rendered to PNG by resvg (no browser). Text uses the
// machine's fonts (DejaVu Sans where present); without any the bars still draw, and the alt text
// and the plain-text part carry the numbers.

export interface DayCount {
  /** YYYY-MM-DD, a local day of the workspace. */
  day: string;
  count: number;
}

const width = 560;
const height = 220;
const margin = { top: 28, right: 16, bottom: 40, left: 44 };
const accent = '#4338ca';
const muted = '#4b5563';
const grid = '#e5e7eb';
const fontFamily = 'DejaVu Sans, Arial, Helvetica, sans-serif';

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function partsOf(day: string): { year: number; month: number; date: number; weekday: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date, weekday: new Date(Date.UTC(year, month - 1, date)).getUTCDay() };
}

/** "2 March 2026" */
export function longDay(day: string): string {
  const { year, month, date } = partsOf(day);
  return `${date} ${monthNames[month - 1]} ${year}`;
}

/** The smallest of 1, 2, 5 × 10^n steps giving at most four gridlines above zero. */
function niceMaximum(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  for (let power = 1; ; power *= 10) {
    for (const base of [1, 2, 5]) {
      const step = base * power;
      if (step * 4 >= max) return { top: Math.ceil(max / step) * step, step };
    }
  }
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The chart as SVG: bars per day, the y axis's counts, the x axis's days. */
export function digestChartSvg(days: DayCount[], title: string): string {
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const { top, step } = niceMaximum(Math.max(0, ...days.map((entry) => entry.count)));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(
    `<text x="${margin.left}" y="16" font-size="13" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
  );
  for (let value = 0; value <= top; value += step) {
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(value)}" y2="${y(value)}" stroke="${grid}"/>`,
      `<text x="${margin.left - 6}" y="${y(value) + 4}" font-size="11" text-anchor="end" fill="${muted}">${value}</text>`,
    );
  }
  const isWeek = days.length <= 7;
  days.forEach((entry, index) => {
    const x = margin.left + index * slot + (slot - barWidth) / 2;
    const barTop = y(entry.count);
    if (entry.count > 0) {
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${barTop.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(margin.top + plotHeight - barTop).toFixed(1)}" fill="${accent}" rx="2"/>`,
      );
    }
    const { date, weekday } = partsOf(entry.day);
    if (isWeek || index % 7 === 0) {
      const label = isWeek ? `${weekdayNames[weekday]} ${date}` : String(date);
      parts.push(
        `<text x="${(margin.left + index * slot + slot / 2).toFixed(1)}" y="${height - margin.bottom + 16}" font-size="11" text-anchor="middle" fill="${muted}">${label}</text>`,
      );
    }
  });
  parts.push(
    `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(0)}" y2="${y(0)}" stroke="${muted}"/>`,
    `<text x="${margin.left + plotWidth / 2}" y="${height - 6}" font-size="11" text-anchor="middle" fill="${muted}">Day</text>`,
    `<text x="12" y="${margin.top + plotHeight / 2}" font-size="11" text-anchor="middle" fill="${muted}" transform="rotate(-90 12 ${margin.top + plotHeight / 2})">Responses</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}">${parts.join('')}</svg>`;
}

/** The chart's words for people who cannot see it: the range, the total and the busiest day. */
export function digestChartAlt(days: DayCount[]): string {
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const range = first && last ? `from ${longDay(first)} to ${longDay(last)}` : '';
  if (total === 0) return `Completed responses per day ${range}: none.`;
  const busiest = days.reduce((best, entry) => (entry.count > best.count ? entry : best));
  return `Completed responses per day ${range}: ${total} in total, most on ${longDay(busiest.day)} (${busiest.count}).`;
}

/** The chart as PNG, drawn at twice its size for sharp screens. */
export function digestChartPng(days: DayCount[], title: string): Buffer {
  return new Resvg(digestChartSvg(days, title), {
    fitTo: { mode: 'width', value: width * 2 },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
}

export const digestChartWidth = width;
export const digestChartHeight = height;
