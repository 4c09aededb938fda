import type { ReportFrequency } from '@graphium/shared';
import { escapeHtml, type RenderedEmail, renderEmail } from '../delivery/delivery.service.js';
import { digestChartHeight, digestChartWidth, longDay } from './digest-chart.js';
import type { HeadlineFigures } from './digest-figures.js';

// The digest e-mail (docs/decisions/031-scheduled-reports.md) in the house layout: the figures
// with the previous period's and the change, the chart as an inline image with its alt text,
// the comments, a link back to the figures and a link that ends this digest.

export interface DigestEmailInput {
  workspaceName: string;
  /** The template's name, or null for the dashboard. */
  templateName: string | null;
  frequency: ReportFrequency;
  periodStart: string;
  periodEnd: string;
  figures: { current: HeadlineFigures; previous: HeadlineFigures };
  chart: { cid: string; alt: string };
  comments: string[];
  link: string;
  unsubscribeUrl: string;
}

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

/** "2–8 March 2026", "30 March – 5 April 2026", or "March 2026" for a month. */
export function periodLabel(frequency: ReportFrequency, start: string, end: string): string {
  const [startYear, startMonth = 1, startDay] = start.split('-').map(Number);
  const [endYear, endMonth = 1, endDay] = end.split('-').map(Number);
  if (frequency === 'monthly') return `${monthNames[startMonth - 1]} ${startYear}`;
  if (startYear !== endYear) return `${longDay(start)} – ${longDay(end)}`;
  if (startMonth !== endMonth) {
    return `${startDay} ${monthNames[startMonth - 1]} – ${endDay} ${monthNames[endMonth - 1]} ${endYear}`;
  }
  return `${startDay}–${endDay} ${monthNames[startMonth - 1]} ${startYear}`;
}

interface FigureLine {
  label: string;
  current: string;
  previous: string;
  change: string;
}

const round = (value: number) => Math.round(value);
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0');

function line(
  label: string,
  current: number | null,
  previous: number | null,
  format: (value: number) => string,
  unit = '',
): FigureLine {
  const change =
    current === null || previous === null ? '—' : `${signed(round(current) - round(previous))}${unit}`;
  return {
    label,
    current: current === null ? '—' : format(current),
    previous: previous === null ? '—' : format(previous),
    change,
  };
}

/** The figure lines: completed responses, response rate, NPS when there are NPS answers, composite score. */
export function figureLines(figures: DigestEmailInput['figures']): FigureLine[] {
  const { current, previous } = figures;
  const lines = [
    line('Completed responses', current.completed, previous.completed, (value) => String(value)),
    line(
      'Response rate',
      current.responseRate,
      previous.responseRate,
      (value) => `${round(value)}%`,
      ' points',
    ),
  ];
  if (current.npsAnswers > 0 || previous.npsAnswers > 0) {
    lines.push(line('NPS', current.nps, previous.nps, (value) => signed(round(value))));
  }
  lines.push(
    line(
      'Composite score',
      current.compositeScore,
      previous.compositeScore,
      (value) => `${round(value)}%`,
      ' points',
    ),
  );
  return lines;
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:14px';

function figuresTable(lines: FigureLine[], previousLabel: string): string {
  const head = ['Figure', 'This period', previousLabel, 'Change']
    .map(
      (text, index) =>
        `<th scope="col" style="${cell};text-align:${index === 0 ? 'left' : 'right'};color:#4b5563;font-weight:bold">${escapeHtml(text)}</th>`,
    )
    .join('');
  const rows = lines
    .map(
      (entry) =>
        `<tr><th scope="row" style="${cell};text-align:left;font-weight:normal">${escapeHtml(entry.label)}</th><td style="${cell};text-align:right;font-weight:bold">${escapeHtml(entry.current)}</td><td style="${cell};text-align:right">${escapeHtml(entry.previous)}</td><td style="${cell};text-align:right">${escapeHtml(entry.change)}</td></tr>`,
    )
    .join('');
  return `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderDigestEmail(input: DigestEmailInput): RenderedEmail {
  const period = periodLabel(input.frequency, input.periodStart, input.periodEnd);
  const scope = input.templateName ?? 'Dashboard';
  const kind = input.frequency === 'weekly' ? 'Weekly' : 'Monthly';
  const previousLabel = input.frequency === 'weekly' ? 'Week before' : 'Month before';
  const lines = figureLines(input.figures);
  const comments = input.comments;
  const html = [
    `<tr><td style="padding-bottom:16px">${figuresTable(lines, previousLabel)}</td></tr>`,
    `<tr><td style="padding-bottom:16px"><img src="cid:${escapeHtml(input.chart.cid)}" alt="${escapeHtml(input.chart.alt)}" width="${digestChartWidth}" height="${digestChartHeight}" style="display:block;width:100%;max-width:${digestChartWidth}px;height:auto;border:0"></td></tr>`,
    comments.length > 0
      ? `<tr><td style="font-size:15px;font-weight:bold;padding-bottom:8px">Comments</td></tr>
<tr><td style="padding-bottom:8px"><ul style="margin:0;padding-left:20px">${comments.map((comment) => `<li style="font-size:14px;line-height:20px;padding-bottom:8px">${escapeHtml(comment)}</li>`).join('')}</ul></td></tr>`
      : `<tr><td style="font-size:14px;color:#4b5563;padding-bottom:8px">No comments this period.</td></tr>`,
  ].join('\n');
  const text = [
    ...lines.map(
      (entry) =>
        `${entry.label}: ${entry.current} (${previousLabel.toLowerCase()}: ${entry.previous}; change: ${entry.change})`,
    ),
    '',
    input.chart.alt,
    '',
    ...(comments.length > 0
      ? ['Comments:', ...comments.map((comment) => `- ${comment}`)]
      : ['No comments this period.']),
  ].join('\n');
  return renderEmail({
    brand: input.workspaceName,
    subject: `${kind} digest: ${scope}, ${period}`,
    heading: `${scope}: ${period}`,
    paragraphs: [
      `Your ${kind.toLowerCase()} digest of ${input.templateName ? `the survey template ${input.templateName}` : `every survey template in ${input.workspaceName}`}.`,
    ],
    block: { html, text },
    action: { label: input.templateName ? 'Open the summary' : 'Open the dashboard', url: input.link },
    footnote: `You receive this e-mail because you subscribed to this digest in ${input.workspaceName}, or an admin subscribed you.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
