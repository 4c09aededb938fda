import { type EmailScaleInput, type RenderedBlock, renderEmailScale } from './email-scale.js';
import { escapeHtml } from './html.js';

const productName = 'Graphium';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface EmailLayout {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A block after the paragraphs: a survey's first question (decision 026). */
  block?: RenderedBlock | undefined;
  /** One button; a reply from staff has none. */
  action?: { label: string; url: string } | undefined;
  footnote: string;
  /** The customer's logo (absolute URL), shown at the top. */
  logo?: { url: string; alt: string } | undefined;
  /** Who the e-mail speaks for, above the heading and in the signature; the product by default. */
  brand?: string | undefined;
  /** Survey e-mails (decision 008): a link that stops every message from the workspace. */
  unsubscribeUrl?: string | undefined;
}

const unsubscribeLabel = 'Unsubscribe from these e-mails';

function renderAction(action: { label: string; url: string }): string {
  return `<tr><td style="padding:16px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#4b5563;line-height:20px">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></td></tr>
`;
}

/** One layout for every e-mail: a heading, paragraphs, one button and a footnote, in HTML and text. */
export function renderEmail(layout: EmailLayout): RenderedEmail {
  const brand = layout.brand ?? productName;
  const text = [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.block ? [layout.block.text, ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    layout.footnote,
    '',
    `— ${brand}`,
    ...(layout.unsubscribeUrl ? ['', `${unsubscribeLabel}: ${layout.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
${layout.logo ? `<tr><td style="padding-bottom:16px"><img src="${escapeHtml(layout.logo.url)}" alt="${escapeHtml(layout.logo.alt)}" height="48" style="display:block;height:48px;width:auto;max-width:240px;border:0"></td></tr>\n` : ''}<tr><td style="font-size:14px;font-weight:bold;color:#4338ca;padding-bottom:16px">${escapeHtml(brand)}</td></tr>
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(layout.heading)}</td></tr>
${layout.paragraphs.map((paragraph) => `<tr><td style="font-size:15px;line-height:22px;padding-bottom:12px">${escapeHtml(paragraph)}</td></tr>`).join('\n')}
${layout.block?.html ?? ''}${layout.action ? renderAction(layout.action) : ''}<tr><td style="font-size:13px;color:#4b5563;padding-top:16px">${escapeHtml(layout.footnote)}</td></tr>
${layout.unsubscribeUrl ? `<tr><td style="font-size:12px;color:#4b5563;padding-top:16px"><a href="${escapeHtml(layout.unsubscribeUrl)}" style="color:#4b5563">${unsubscribeLabel}</a></td></tr>\n` : ''}</table></td></tr></table></body></html>`;
  return { subject: layout.subject, text, html };
}

export function renderInvitationEmail(input: {
  inviterName: string;
  workspaceName: string;
  link: string;
  validDays: number;
  logoUrl?: string | null;
}): RenderedEmail {
  return renderEmail({
    logo: input.logoUrl ? { url: input.logoUrl, alt: `${input.workspaceName} logo` } : undefined,
    subject: `${input.inviterName} invited you to join ${input.workspaceName} on ${productName}`,
    heading: `Join ${input.workspaceName} on ${productName}`,
    paragraphs: [
      `${input.inviterName} invited you to join the workspace ${input.workspaceName}, where the team builds and sends surveys and reads the answers.`,
    ],
    action: { label: 'Accept invitation', url: input.link },
    footnote: `This invitation is valid for ${input.validDays} days. If you did not expect it, you can ignore this e-mail.`,
  });
}

export function renderPasswordResetEmail(input: { firstName: string; link: string }): RenderedEmail {
  return renderEmail({
    subject: `Reset your ${productName} password`,
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${input.firstName},`,
      'Someone asked to reset the password of your account. Choose a new password with the link below. It works once and for one hour.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}

interface SurveyEmailInput {
  workspaceName: string;
  templateName: string;
  link: string;
  expiresAt: string;
  logoUrl?: string | null | undefined;
  unsubscribeUrl?: string | undefined;
  /** The first question as links, when the e-mail can offer it (decision 026). */
  firstQuestion?: EmailScaleInput | undefined;
}

/** What every e-mail about one survey shares: the workspace's brand, the link, the closing date. */
function renderWorkspaceSurveyEmail(
  input: SurveyEmailInput & { subject: string; text: string; actionLabel: string },
): RenderedEmail {
  return renderEmail({
    brand: input.workspaceName,
    logo: input.logoUrl ? { url: input.logoUrl, alt: `${input.workspaceName} logo` } : undefined,
    subject: input.subject,
    heading: input.templateName,
    paragraphs: input.text
      .split(/\n+/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    block: input.firstQuestion ? renderEmailScale(input.firstQuestion) : undefined,
    action: { label: input.actionLabel, url: input.link },
    footnote: `${input.workspaceName} sent you this survey. It is open until ${input.expiresAt}.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/**
 * A survey e-mail: the workspace's logo and name, the template name, the opening text with its
 * [Property] tokens already filled, and a button to the respondent page.
 */
export function renderSurveyEmail(input: SurveyEmailInput & { openingText: string }): RenderedEmail {
  return renderWorkspaceSurveyEmail({
    ...input,
    subject: `${input.workspaceName} would like your feedback: ${input.templateName}`,
    text: input.openingText,
    actionLabel: 'Start Survey',
  });
}

/** SMS texts from a workspace say how to stop them. */
export const smsOptOutText = 'Reply STOP to opt out.';

/** The SMS of a survey: short, with the link. */
export function renderSurveySms(input: {
  workspaceName: string;
  templateName: string;
  link: string;
}): string {
  return `${input.workspaceName}: please tell us about your experience (${input.templateName}). ${input.link} ${smsOptOutText}`;
}

/** A reminder: the reminder's message from the settings and the link to the survey. */
export function renderSurveyReminderEmail(
  input: SurveyEmailInput & { message: string; unsubscribeUrl: string },
): RenderedEmail {
  return renderWorkspaceSurveyEmail({
    ...input,
    subject: `Reminder: ${input.templateName}`,
    text: input.message,
    actionLabel: 'Continue Survey',
  });
}

export function renderSurveyReminderSms(input: {
  workspaceName: string;
  message: string;
  link: string;
}): string {
  return `${input.workspaceName}: ${input.message} ${input.link} ${smsOptOutText}`;
}

export interface AlertMatch {
  question: string;
  condition: string;
  answer: string;
}

export interface AlertNotification {
  workspaceName: string;
  alertName: string;
  templateName: string;
  respondent: string;
  matches: AlertMatch[];
  link: string;
}

/** An alert fired (decision 008): which template and respondent, the answers that matched, the link. */
export function renderAlertEmail(input: AlertNotification): RenderedEmail {
  return renderEmail({
    brand: input.workspaceName,
    subject: `Alert: ${input.alertName} (${input.templateName})`,
    heading: input.alertName,
    paragraphs: [
      `A response to ${input.templateName} from ${input.respondent} matched the alert's conditions:`,
      ...input.matches.map((match) => `${match.question}: ${match.answer} (${match.condition})`),
    ],
    action: { label: 'View response', url: input.link },
    footnote: `You receive this e-mail because you are a recipient of this alert in ${input.workspaceName}.`,
  });
}

/** Slack's mrkdwn escapes only &, < and >. */
function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderAlertSlackText(input: AlertNotification): string {
  return [
    `:rotating_light: *${escapeSlack(input.alertName)}*: a response to *${escapeSlack(input.templateName)}* from ${escapeSlack(input.respondent)} matched:`,
    ...input.matches.map(
      (match) =>
        `• ${escapeSlack(match.question)}: ${escapeSlack(match.answer)} (${escapeSlack(match.condition)})`,
    ),
    `<${input.link}|View response>`,
  ].join('\n');
}
