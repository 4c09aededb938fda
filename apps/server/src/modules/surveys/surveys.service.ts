import {
  type BulkRowError,
  type BulkSendSurveysInput,
  type BulkSendSurveysResult,
  bulkSendSurveysSchema,
  type ContactMethod,
  type CreateSurvey,
  invalidPhoneMessageFor,
  keyPropertyValuesById,
  readRowContactMethods,
  type SentSurvey,
  type SurveyDelivery,
  type SurveyPropertyValues,
  toStoredPhone,
  uniqueContactMethods,
  validateSurveyProperties,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  dispatchMessages,
  findOutboxMessage,
  findSurveyMessages,
  type OutboxMessage,
  queueMessages,
  retryFailedMessage,
  toSurveyDelivery,
} from '../delivery/delivery.service.js';
import { recordSentSurveys } from '../responses/response-aggregates.service.js';
import { dispatchWebhookDeliveries, recordWebhookEvents } from '../webhooks/webhooks.service.js';
import {
  loadSendingContext,
  type PreparedSurvey,
  prepareSurvey,
  type SendingContext,
} from './survey-sending.js';
import {
  findWorkspaceSurvey,
  findWorkspacesThatTexted as findWorkspacesThatTextedRows,
  insertSurveys,
  type SurveyRow,
} from './surveys.repository.js';

export const surveyNotFound = () => notFound('Survey not found');

function toSentSurvey(row: SurveyRow, messages: OutboxMessage[]): SentSurvey {
  return {
    surveyId: row.id,
    surveyTemplateId: row.templateId,
    surveyTemplateVersionId: row.templateVersionId,
    surveyState: row.state,
    surveyContactMethods: row.contactMethods,
    surveyProperties: row.properties,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    delivery: messages.map(toSurveyDelivery),
  };
}

interface Written {
  outboxIds: string[];
  webhookDeliveryIds: string[];
}

/** After the commit: the invitations and the webhooks' `survey.sent` deliveries leave. */
async function dispatchWritten(ctx: AppContext, written: Written): Promise<void> {
  await dispatchMessages(ctx, written.outboxIds);
  dispatchWebhookDeliveries(ctx, written.webhookDeliveryIds);
}

/**
 * Inserts surveys and their messages in one transaction, counting them in their templates' sent
 * totals and telling the workspace's webhooks (decision 036); answers what to dispatch.
 */
async function insertPrepared(
  ctx: AppContext,
  sending: SendingContext,
  prepared: PreparedSurvey[],
): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertSurveys(
      tx,
      prepared.map((item) => item.survey),
    );
    await recordSentSurveys(tx, inserted);
    const messages = prepared.flatMap((item) => item.messages);
    // Counts, never contacts (docs/decisions/017-audit-log.md).
    const target = { type: 'template', id: sending.templateId, label: sending.templateName };
    await recordAudit(ctx, tx, sending.actor, 'survey.sent', target, {
      versionId: sending.versionId,
      surveys: inserted.length,
      messages: messages.length,
    });
    const webhookDeliveryIds = await recordWebhookEvents(ctx, tx, {
      workspaceId: sending.actor.workspaceId,
      type: 'survey.sent',
      data: () =>
        inserted.map((row) => ({
          surveyId: row.id,
          surveyTemplateId: row.templateId,
          surveyTemplateVersionId: row.templateVersionId,
          surveyContactMethods: row.contactMethods,
          surveyProperties: row.properties,
          sentAt: row.sentAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
    });
    return { outboxIds: await queueMessages(tx, messages), webhookDeliveryIds };
  });
}

/**
 * Phones read against the workspace's default country and stored in E.164 (US workspaces: the
 * spec's digits); a number that is not one answers 400 naming the field (decision 021).
 */
function storedContactMethods(methods: ContactMethod[], country: string): ContactMethod[] {
  const details: Record<string, string> = {};
  const stored = methods.map((method, index) => {
    if (method.contactMethodType !== 'phone') return method;
    const phoneNumber = toStoredPhone(method.phoneNumber, country);
    if (phoneNumber) return { ...method, phoneNumber };
    details[`surveyContactMethods.${index}.phoneNumber`] = invalidPhoneMessageFor(country);
    return method;
  });
  const [first] = Object.entries(details);
  if (first) throw invalid(`${first[0]}: ${first[1]}`, details);
  return stored;
}

/**
 * `POST /surveys/` (docs/product-rules.md#sending-surveys): creates a survey of a published version for the
 * contact
 * methods and property values given, and queues one invitation per contact method in the same
 * transaction; they leave after the commit.
 */
export async function createSurvey(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: CreateSurvey,
): Promise<SentSurvey> {
  const sending = await loadSendingContext(ctx, actor, input.surveyTemplateVersionId);
  const { values, errors } = validateSurveyProperties(
    sending.definition.properties,
    input.surveyProperties,
    sending.lists,
  );
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    const details = Object.fromEntries(problems.map(([id, message]) => [`surveyProperties.${id}`, message]));
    throw invalid(`surveyProperties: ${problems[0]![1]}`, details);
  }
  const prepared = prepareSurvey(
    ctx,
    sending,
    uniqueContactMethods(storedContactMethods(input.surveyContactMethods, sending.phoneCountry)),
    values,
    ctx.now(),
  );
  await dispatchWritten(ctx, await insertPrepared(ctx, sending, [prepared]));
  const survey = await findWorkspaceSurvey(ctx.db, actor.workspaceId, prepared.survey.id);
  return toSentSurvey(survey!, await findSurveyMessages(ctx.db, prepared.survey.id));
}

/** Rows of one bulk send written per transaction: one bad batch costs at most this many retries. */
const bulkBatchSize = 500;

interface ValidRow {
  row: number;
  contactMethods: ContactMethod[];
  properties: SurveyPropertyValues;
}

/**
 * `POST /surveys/bulk`: one survey per row of a CSV file (e-mail, phone, a column per property
 * label). Every row is checked first; a dry run answers the problems only. A send writes the
 * valid rows in batches, each in its own transaction, and dispatches each batch's invitations
 * after its commit; a batch that fails is written again row by row, so a failing row never
 * blocks the others, and it is reported.
 */
export async function bulkSendSurveys(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: BulkSendSurveysInput,
): Promise<BulkSendSurveysResult> {
  const { surveyTemplateVersionId, rows, dryRun, rowOffset } = bulkSendSurveysSchema.parse(input);
  const sending = await loadSendingContext(ctx, actor, surveyTemplateVersionId);
  const { properties } = sending.definition;
  const labelOf = new Map(properties.map((property) => [property.id, property.label]));
  const failed: BulkRowError[] = [];
  const valid: ValidRow[] = [];
  rows.forEach((raw, index) => {
    const row = rowOffset + index + 1;
    const contacts = readRowContactMethods(raw, sending.phoneCountry);
    const keyed = keyPropertyValuesById(properties, raw.properties);
    const checked = validateSurveyProperties(properties, keyed.values, sending.lists);
    const errors: Record<string, string> = { ...contacts.errors, ...keyed.errors };
    // Reported by label: the CSV's column headers.
    for (const [id, message] of Object.entries(checked.errors)) errors[labelOf.get(id) ?? id] = message;
    if (Object.keys(errors).length > 0) failed.push({ row, errors });
    else valid.push({ row, contactMethods: contacts.contactMethods, properties: checked.values });
  });
  let created = 0;
  if (!dryRun) {
    const now = ctx.now();
    for (let start = 0; start < valid.length; start += bulkBatchSize) {
      const batch = valid.slice(start, start + bulkBatchSize).map((item) => ({
        item,
        prepared: prepareSurvey(ctx, sending, item.contactMethods, item.properties, now),
      }));
      try {
        const written = await insertPrepared(
          ctx,
          sending,
          batch.map(({ prepared }) => prepared),
        );
        created += batch.length;
        await dispatchWritten(ctx, written);
      } catch (batchError) {
        ctx.log.warn({ err: batchError }, 'a bulk-send batch failed; writing its rows one by one');
        for (const { item, prepared } of batch) {
          try {
            const written = await insertPrepared(ctx, sending, [prepared]);
            created += 1;
            await dispatchWritten(ctx, written);
          } catch (error) {
            ctx.log.error({ err: error, row: item.row }, 'a bulk-send row could not be saved');
            failed.push({ row: item.row, errors: { _: 'This row could not be saved. Please try again.' } });
          }
        }
      }
    }
  }
  failed.sort((left, right) => left.row - right.row);
  return { dryRun, rowCount: rows.length, validRowCount: valid.length, created, failed };
}

/** `GET /surveys/{id}/delivery`: how each invitation of the survey went (queued, sent, failed). */
export async function getSurveyDelivery(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
): Promise<{ delivery: SurveyDelivery[] }> {
  const survey = await findWorkspaceSurvey(ctx.db, actor.workspaceId, surveyId);
  if (!survey) throw surveyNotFound();
  return { delivery: (await findSurveyMessages(ctx.db, surveyId)).map(toSurveyDelivery) };
}

/** `POST /surveys/{id}/delivery/{outboxId}/retry`: sends a failed invitation again. */
export async function retrySurveyDelivery(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
  outboxId: string,
): Promise<{ delivery: SurveyDelivery[] }> {
  const survey = await findWorkspaceSurvey(ctx.db, actor.workspaceId, surveyId);
  if (!survey) throw surveyNotFound();
  const message = await findOutboxMessage(ctx.db, outboxId);
  if (!message || message.surveyId !== surveyId) throw notFound('Message not found');
  if (!(await retryFailedMessage(ctx, outboxId))) {
    throw conflict('Only a message whose delivery failed can be retried.');
  }
  return { delivery: (await findSurveyMessages(ctx.db, surveyId)).map(toSurveyDelivery) };
}

/**
 * The workspaces that sent a survey to one of these phone numbers (digits, as contact methods
 * store them), with the form each stored: where an SMS reply of that number applies.
 */
export function findWorkspacesThatTexted(
  db: Executor,
  phoneNumbers: string[],
): Promise<{ workspaceId: string; phoneNumber: string }[]> {
  return findWorkspacesThatTextedRows(db, phoneNumbers);
}
