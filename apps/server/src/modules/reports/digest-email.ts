import type { FigureChange, PeriodFigures, ReportFrequency } from '@graphium/shared';
import { escapeHtml, type RenderedEmail, renderEmail } from '../delivery/delivery.service.js';
import { digestChartHeight, digestChartWidth, longDay } from './digest-chart.js';

// The digest e-mail (docs/decisions/031-scheduled-reports.md) in the house layout: the figures
// with the previous period's and the change, the chart as an inline image with its alt text,
// the comments, a link back to the figures and a link that ends this digest. The figures are the
// dashboard's for the same days (decision 035), margins and significance included.

export interface DigestEmailInput {
  workspaceName: string;
  /** The template's name, or null for the dashboard. */
  templateName: string | null;
  frequency: ReportFrequency;
  periodStart: string;
  periodEnd: string;
  figures: PeriodFigures;
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

/** A figure with its 95% margin where it has one: "42 ± 6". */
function withMargin(format: (value: number) => string) {
  return (value: number | null, margin: number | null): string =>
    value === null ? '—' : margin === null ? format(value) : `${format(value)} ± ${round(margin)}`;
}

/** The change rounded like the figures, marked when significant (p < 0.05, decision 028). */
function changeOf(
  current: number | null,
  previous: number | null,
  change: FigureChange | null | undefined,
  unit = '',
): string {
  if (current === null || previous === null) return '—';
  const text = `${signed(round(current) - round(previous))}${unit}`;
  return change?.significant ? `${text} (significant)` : text;
}

/** The figure lines: completed responses, response rate, NPS when there are NPS answers, composite score. */
export function figureLines(figures: PeriodFigures): FigureLine[] {
  const { nps, composite, responses, responseRate } = figures;
  const percent = (value: number) => `${round(value)}%`;
  const lines: FigureLine[] = [
    {
      label: 'Completed responses',
      current: String(responses.current),
      previous: String(responses.previous),
      change: changeOf(responses.current, responses.previous, null),
    },
    {
      label: 'Response rate',
      current: responseRate.current.value === null ? '—' : percent(responseRate.current.value),
      previous: responseRate.previous.value === null ? '—' : percent(responseRate.previous.value),
      change: changeOf(
        responseRate.current.value,
        responseRate.previous.value,
        responseRate.change,
        ' points',
      ),
    },
  ];
  if (nps.current.count > 0 || nps.previous.count > 0) {
    const format = withMargin((value) => signed(round(value)));
    lines.push({
      label: 'NPS',
      current: format(nps.current.value, nps.current.marginOfError),
      previous: format(nps.previous.value, nps.previous.marginOfError),
      change: changeOf(nps.current.value, nps.previous.value, nps.change),
    });
  }
  const format = withMargin(percent);
  lines.push({
    label: 'Composite score',
    current: format(composite.current.value, composite.current.marginOfError),
    previous: format(composite.previous.value, composite.previous.marginOfError),
    change: changeOf(composite.current.value, composite.previous.value, composite.change, ' points'),
  });
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
  // The period before has as many days (the dashboard's previous period, decision 035).
  const dayCount = Math.round((Date.parse(input.periodEnd) - Date.parse(input.periodStart)) / 86_400_000) + 1;
  const previousLabel = input.frequency === 'weekly' ? 'Week before' : `${dayCount} days before`;
  const note =
    '± is the margin of error at 95% confidence; a change marked significant has p < 0.05 (as on the dashboard).';
  const lines = figureLines(input.figures);
  const comments = input.comments;
  const html = [
    `<tr><td style="padding-bottom:8px">${figuresTable(lines, previousLabel)}</td></tr>`,
    `<tr><td style="font-size:13px;color:#4b5563;padding-bottom:16px">${escapeHtml(note)}</td></tr>`,
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
    note,
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
