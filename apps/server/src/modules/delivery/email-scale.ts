import { emailAnswerText } from '@graphium/shared';
import { escapeHtml } from './html.js';

/**
 * The survey's first question inside its e-mail (decision 026): a scale whose numbers are links to
 * the respondent page, which asks the respondent to confirm the answer before it counts.
 */
export interface EmailScaleInput {
  /** The question as the respondent page asks it. */
  question: string;
  isStars: boolean;
  startLabel: string;
  endLabel: string;
  /** One link per number, lowest first. */
  links: { value: number; url: string }[];
}

export interface RenderedBlock {
  html: string;
  text: string;
}

const accent = '#4338ca';
const muted = '#4b5563';

/** What the numbers mean, in words: the range, what its ends stand for, and that a click asks first. */
export function emailScaleCaption(scale: EmailScaleInput): string {
  const first = scale.links[0]?.value ?? 0;
  const last = scale.links.at(-1)?.value ?? 0;
  const range = scale.isStars
    ? `Choose from ${emailAnswerText(scale, first)} to ${emailAnswerText(scale, last)}`
    : `Choose a number from ${first} to ${last}`;
  const ends = [
    scale.startLabel ? `${emailAnswerText(scale, first)} stands for “${scale.startLabel}”` : '',
    scale.endLabel ? `${emailAnswerText(scale, last)} for “${scale.endLabel}”` : '',
  ].filter(Boolean);
  const meaning = ends.length > 0 ? `: ${ends.join(' and ')}` : '';
  return `${range}${meaning}. The page that opens asks you to confirm your answer.`;
}

function endLabelOf(scale: EmailScaleInput, index: number): string {
  if (index === 0 && scale.startLabel) return ` (${scale.startLabel})`;
  if (index === scale.links.length - 1 && scale.endLabel) return ` (${scale.endLabel})`;
  return '';
}

/**
 * The scale in HTML for every mail client: tables and inline styles only (Outlook knows no flex
 * or grid), each number a plain link drawn as a button with its number as its text; in the text
 * part, one line per answer with its link.
 */
export function renderEmailScale(scale: EmailScaleInput): RenderedBlock {
  const caption = emailScaleCaption(scale);
  const width = Math.floor(100 / scale.links.length);
  const buttons = scale.links
    .map(
      (link) =>
        `<td align="center" width="${width}%" style="padding:0 2px"><a href="${escapeHtml(link.url)}" style="display:block;border:1px solid ${accent};border-radius:6px;background:#ffffff;color:${accent};font-size:16px;font-weight:bold;line-height:20px;padding:10px 0;text-align:center;text-decoration:none">${link.value}</a></td>`,
    )
    .join('');
  const hasEnds = Boolean(scale.startLabel || scale.endLabel);
  const html = `<tr><td style="font-size:16px;font-weight:bold;line-height:22px;padding:8px 0 4px">${escapeHtml(scale.question)}</td></tr>
<tr><td style="font-size:13px;color:${muted};line-height:20px;padding-bottom:8px">${escapeHtml(caption)}</td></tr>
<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${buttons}</tr></table></td></tr>
${hasEnds ? `<tr><td style="padding-top:6px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="left" style="font-size:13px;color:${muted}">${escapeHtml(scale.startLabel)}</td><td align="right" style="font-size:13px;color:${muted}">${escapeHtml(scale.endLabel)}</td></tr></table></td></tr>\n` : ''}`;
  const text = [
    scale.question,
    caption,
    ...scale.links.map((link, index) => `${link.value}${endLabelOf(scale, index)}: ${link.url}`),
  ].join('\n');
  return { html, text };
}
