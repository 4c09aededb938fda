import { type RenderedEmail, renderEmail, smsOptOutText } from './messages.js';

// The messages of follow-up cases (decision 019): to the member who owns a case, to the admins when
// it is overdue, and the staff's reply to the respondent. Part of the delivery module's public
// surface beside delivery.service.ts, so the cases module reaches them directly.

export interface CaseNotice {
  workspaceName: string;
  alertName: string;
  templateName: string;
  respondent: string;
  /** As the staff app shows it, or undefined without a response-time target. */
  dueAt: string | undefined;
  link: string;
}

function caseParagraphs(input: CaseNotice): string[] {
  return [
    `Alert: ${input.alertName} (${input.templateName}).`,
    `Respondent: ${input.respondent}.`,
    ...(input.dueAt ? [`Due: ${input.dueAt}.`] : []),
  ];
}

export function renderCaseAssignedEmail(input: CaseNotice): RenderedEmail {
  return renderEmail({
    brand: input.workspaceName,
    subject: `Case assigned to you: ${input.alertName} (${input.templateName})`,
    heading: 'A case was assigned to you',
    paragraphs: caseParagraphs(input),
    action: { label: 'Open the case', url: input.link },
    footnote: `You own this follow-up in ${input.workspaceName} until it is resolved.`,
  });
}

export function renderCaseAssignedSlackText(input: CaseNotice & { assigneeName: string }): string {
  return `Case assigned to ${input.assigneeName}: *${input.alertName}* (${input.templateName}), respondent ${input.respondent}${input.dueAt ? `, due ${input.dueAt}` : ''}. ${input.link}`;
}

export function renderCaseEscalatedEmail(input: CaseNotice & { assigneeName: string }): RenderedEmail {
  return renderEmail({
    brand: input.workspaceName,
    subject: `Overdue case: ${input.alertName} (${input.templateName})`,
    heading: 'A case is overdue',
    paragraphs: [...caseParagraphs(input), `Assignee: ${input.assigneeName}.`],
    action: { label: 'Open the case', url: input.link },
    footnote: `You receive this as an admin of ${input.workspaceName}; each overdue case is escalated once.`,
  });
}

/** The staff's reply to a respondent: their text, from the workspace, with the unsubscribe link. */
export function renderCaseReplyEmail(input: {
  workspaceName: string;
  subject: string;
  body: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  return renderEmail({
    brand: input.workspaceName,
    subject: input.subject,
    heading: input.subject,
    paragraphs: input.body
      .split(/\n+/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    footnote: `${input.workspaceName} wrote to you about your answers to a survey.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export function renderCaseReplySms(input: { workspaceName: string; body: string }): string {
  return `${input.workspaceName}: ${input.body} ${smsOptOutText}`;
}
