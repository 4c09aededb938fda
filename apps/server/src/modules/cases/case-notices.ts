import { type CasePerson, casePath, formatPropertyValue } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import {
  type CaseNotice,
  renderCaseAssignedEmail,
  renderCaseAssignedSlackText,
  renderCaseEscalatedEmail,
} from '../delivery/case-messages.service.js';
import type { NewOutboxMessage } from '../delivery/delivery.service.js';

// Who is told about a case (decision 019): the member it is given to, by e-mail and on the workspace's
// Slack where it has a webhook; the admins, once, when it is overdue.

export interface CaseNoticeInput {
  caseId: string;
  workspaceId: string;
  workspaceName: string;
  alertName: string;
  templateName: string;
  respondent: string;
  dueAt: Date | null;
}

const casePurpose = 'case-notice';

function noticeOf(ctx: AppContext, input: CaseNoticeInput): CaseNotice {
  return {
    workspaceName: input.workspaceName,
    alertName: input.alertName,
    templateName: input.templateName,
    respondent: input.respondent,
    dueAt: input.dueAt ? `${formatPropertyValue('DateTime', input.dueAt.toISOString())} UTC` : undefined,
    link: `${ctx.config.publicUrl}${casePath(input.caseId)}`,
  };
}

export function assignmentMessages(
  ctx: AppContext,
  input: CaseNoticeInput & { assignee: CasePerson; hasSlack: boolean },
): NewOutboxMessage[] {
  const notice = noticeOf(ctx, input);
  const email = renderCaseAssignedEmail(notice);
  const messages: NewOutboxMessage[] = [
    {
      workspaceId: input.workspaceId,
      purpose: casePurpose,
      channel: 'email',
      recipient: input.assignee.emailAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    },
  ];
  if (input.hasSlack) {
    messages.push({
      workspaceId: input.workspaceId,
      purpose: casePurpose,
      channel: 'slack',
      recipient: 'Slack webhook',
      textBody: renderCaseAssignedSlackText({ ...notice, assigneeName: input.assignee.name }),
    });
  }
  return messages;
}

export function escalationMessages(
  ctx: AppContext,
  input: CaseNoticeInput & { assigneeName: string; admins: string[] },
): NewOutboxMessage[] {
  const email = renderCaseEscalatedEmail({ ...noticeOf(ctx, input), assigneeName: input.assigneeName });
  return input.admins.map((recipient) => ({
    workspaceId: input.workspaceId,
    purpose: casePurpose,
    channel: 'email' as const,
    recipient,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
  }));
}
