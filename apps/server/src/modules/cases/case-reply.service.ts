import {
  type CaseDetail,
  type CaseReply,
  caseReplySchema,
  fillPropertyTokens,
  propertyTokenValues,
  type SurveyProperty,
  type SurveyPropertyValues,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { renderCaseReplyEmail, renderCaseReplySms } from '../delivery/case-messages.service.js';
import {
  dispatchMessages,
  findOutboxMessage,
  type NewOutboxMessage,
  queueMessages,
  unsubscribeOf,
} from '../delivery/delivery.service.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import { dispatchWebhookDeliveries } from '../webhooks/webhooks.service.js';
import { findWorkspaceName } from '../workspaces/workspaces.service.js';
import { eventDetails } from './case-view.js';
import { type CaseChanges, recordCasesUpdated } from './case-webhook-events.js';
import {
  type CaseListRow,
  findCaseRows,
  insertCaseEvents,
  lockCases,
  type NewCaseEventRow,
  updateCaseRow,
} from './cases.repository.js';
import { caseNotFoundMessage, getCase } from './cases.service.js';

const replyPurpose = 'case-reply';
const suppressedReplyMessage =
  'This respondent unsubscribed from your messages (or is on the suppression list): nothing was sent.';

function recipientOf(row: CaseListRow, channel: CaseReply['channel']): string {
  const type = channel === 'email' ? 'email' : 'phone';
  const method = row.contactMethods.find((item) => item.contactMethodType === type);
  const recipient =
    method && (method.contactMethodType === 'email' ? method.emailAddress : method.phoneNumber);
  if (!recipient) {
    const message =
      channel === 'email'
        ? 'This survey went to no e-mail address: reply by SMS.'
        : 'This survey went to no phone number: reply by e-mail.';
    throw invalid(message, { channel: message });
  }
  return recipient;
}

/** The reply's texts with the respondent's `[Property]` tokens filled, as the survey's texts are. */
async function fillTokens(ctx: AppContext, row: CaseListRow, texts: string[]): Promise<string[]> {
  const properties = (
    Array.isArray(row.definitionProperties) ? row.definitionProperties : []
  ) as SurveyProperty[];
  const listIds = [
    ...new Set(
      properties.flatMap((property) => ('listId' in property && property.listId ? [property.listId] : [])),
    ),
  ];
  const lists = await loadListLookup(ctx.db, row.case.workspaceId, listIds);
  const values = propertyTokenValues(
    { properties },
    (row.surveyProperties ?? {}) as SurveyPropertyValues,
    lists.labelOf,
  );
  return texts.map((text) => fillPropertyTokens(text, values));
}

/**
 * `POST /cases/{id}/reply`: staff answer the respondent by e-mail or SMS through the outbox
 * (decision 019). A contact on the suppression list is refused and nothing is written; the reply is
 * recorded in the history, sets the first response, and moves an Open case In progress.
 */
export async function replyToCase(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  input: CaseReply,
): Promise<CaseDetail> {
  const reply = caseReplySchema.parse(input);
  const [row] = await findCaseRows(ctx.db, actor.workspaceId, [id]);
  if (!row) throw notFound(caseNotFoundMessage);
  const recipient = recipientOf(row, reply.channel);
  const [subject, body] = await fillTokens(ctx, row, [reply.subject, reply.body]);
  const workspaceName = await findWorkspaceName(ctx.db, actor.workspaceId);
  const common = { workspaceId: actor.workspaceId, purpose: replyPurpose, recipient };
  let message: NewOutboxMessage;
  if (reply.channel === 'email') {
    const unsubscribe = unsubscribeOf(ctx, actor.workspaceId, recipient);
    const email = renderCaseReplyEmail({
      workspaceName,
      subject: subject!,
      body: body!,
      unsubscribeUrl: unsubscribe.url,
    });
    message = {
      ...common,
      channel: 'email',
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      headers: unsubscribe.headers,
    };
  } else {
    message = { ...common, channel: 'sms', textBody: renderCaseReplySms({ workspaceName, body: body! }) };
  }
  const now = ctx.now();
  const { outboxId, webhookDeliveryIds } = await ctx.db.transaction(async (tx) => {
    const [locked] = await lockCases(tx, actor.workspaceId, [id]);
    if (!locked) throw notFound(caseNotFoundMessage);
    const [queued] = await queueMessages(tx, [message]);
    // The outbox writes a message to a suppressed contact as skipped: refuse it, and roll it back.
    if ((await findOutboxMessage(tx, queued!))?.status === 'skipped') {
      throw invalid(suppressedReplyMessage, { channel: suppressedReplyMessage });
    }
    const actorAccountId = actor.accountId ?? null;
    const events: NewCaseEventRow[] = [
      {
        caseId: id,
        type: 'reply_sent',
        actorAccountId,
        details: eventDetails({
          channel: reply.channel,
          recipient,
          subject: reply.channel === 'email' ? subject : undefined,
          body,
          outboxId: queued,
        }),
        createdAt: now,
      },
    ];
    if (locked.status === 'open') {
      events.push({
        caseId: id,
        type: 'status_changed',
        actorAccountId,
        details: { from: 'open', to: 'in_progress' },
        createdAt: now,
      });
    }
    await insertCaseEvents(tx, events);
    await recordAudit(ctx, tx, actor, 'case.replied', { type: 'case', id }, { channel: reply.channel });
    await updateCaseRow(
      tx,
      id,
      {
        firstResponseAt: locked.firstResponseAt ?? now,
        ...(locked.status === 'open' ? { status: 'in_progress' as const } : {}),
      },
      now,
    );
    const changes: CaseChanges = {
      reply: { channel: reply.channel },
      ...(locked.status === 'open' ? { status: { from: 'open' as const, to: 'in_progress' as const } } : {}),
    };
    return {
      outboxId: queued!,
      webhookDeliveryIds: await recordCasesUpdated(
        ctx,
        tx,
        actor.workspaceId,
        [{ row: locked, changes }],
        now,
      ),
    };
  });
  await dispatchMessages(ctx, [outboxId]);
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  return getCase(ctx, actor, id);
}
