import {
  type BulkRowError,
  type BulkSendSurveysInput,
  type BulkSendSurveysResult,
  bulkSendSurveysSchema,
  type ContactMethod,
  type CreateSurvey,
  invalidPhoneMessageFor,
  keyPropertyValuesById,
  maxBulkSurveyRows,
  readRowContactMethods,
  type SegmentSendInput,
  type SentSurvey,
  type SurveyDelivery,
  type SurveyPropertyValues,
  segmentSendSchema,
  toStoredPhone,
  uniqueContactMethods,
  validateSurveyProperties,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { findFatigue, loadFatigueDays, repeatedContactMessage } from '../contacts/contact-fatigue.service.js';
import { contactFactsOf, recordContacts } from '../contacts/contact-records.service.js';
import { findSegmentMembers } from '../contacts/contact-segments.service.js';
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
 * Inserts surveys and their messages in one transaction, with their contacts, counting them in
 * their templates' sent totals and telling the workspace's webhooks (decision 036); answers what
 * to dispatch.
 */
async function insertPrepared(
  ctx: AppContext,
  sending: SendingContext,
  prepared: PreparedSurvey[],
): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    // Every send obeys the fatigue rule and creates or updates its people's contacts
    // (docs/decisions/038-contacts.md); their contacts stay locked until the surveys are written.
    const facts = prepared.map((item) => contactFactsOf(item.survey.contactMethods, item.survey.sentAt));
    const fatigued = (
      await findFatigue(tx, sending.actor.workspaceId, facts, ctx.now(), { lock: true })
    ).find((reason) => reason !== undefined);
    if (fatigued) throw conflict(fatigued);
    const contactIds = await recordContacts(tx, sending.actor.workspaceId, facts, ctx.now());
    const inserted = await insertSurveys(
      tx,
      prepared.map((item, index) => ({ ...item.survey, contactId: contactIds[index] ?? null })),
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
 * The rows the fatigue rule lets through (decision 038); the others join `failed` with the
 * reason under `fatigue`, so a dry run counts them before anything is sent: a person surveyed
 * within the workspace's fatigue days, or named by an earlier row of the same file.
 */
async function withoutFatiguedRows(
  ctx: AppContext,
  workspaceId: string,
  valid: ValidRow[],
  failed: BulkRowError[],
): Promise<ValidRow[]> {
  const fatigueDays = await loadFatigueDays(ctx.db, workspaceId);
  if (fatigueDays === 0) return valid;
  const facts = valid.map((item) => contactFactsOf(item.contactMethods, null));
  const reasons = await findFatigue(ctx.db, workspaceId, facts, ctx.now(), { fatigueDays });
  const firstRowOf = new Map<string, number>();
  return valid.filter((item, index) => {
    const keys = item.contactMethods.map((method) =>
      method.contactMethodType === 'email' ? `e:${method.emailAddress}` : `p:${method.phoneNumber}`,
    );
    const earlier = keys.map((key) => firstRowOf.get(key)).find((row) => row !== undefined);
    for (const key of keys) if (!firstRowOf.has(key)) firstRowOf.set(key, item.row);
    const reason =
      reasons[index] ?? (earlier === undefined ? undefined : repeatedContactMessage(earlier, fatigueDays));
    if (reason === undefined) return true;
    failed.push({ row: item.row, errors: { fatigue: reason } });
    return false;
  });
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
  const passed = await withoutFatiguedRows(ctx, actor.workspaceId, valid, failed);
  let created = 0;
  if (!dryRun) {
    const now = ctx.now();
    for (let start = 0; start < passed.length; start += bulkBatchSize) {
      const batch = passed.slice(start, start + bulkBatchSize).map((item) => ({
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
            if (error instanceof AppError && error.code === 'CONFLICT') {
              // Surveyed meanwhile by another send: the fatigue rule's message.
              failed.push({ row: item.row, errors: { fatigue: error.message } });
              continue;
            }
            ctx.log.error({ err: error, row: item.row }, 'a bulk-send row could not be saved');
            failed.push({ row: item.row, errors: { _: 'This row could not be saved. Please try again.' } });
          }
        }
      }
    }
  }
  failed.sort((left, right) => left.row - right.row);
  return { dryRun, rowCount: rows.length, validRowCount: passed.length, created, failed };
}

/**
 * `POST /surveys/segment` (decision 038): one survey per member of a segment, as a bulk send of
 * their e-mail address and phone number, with the template's properties filled from the
 * attributes whose names match their labels (case, spaces and punctuation aside). A dry run counts what would be sent (the fatigue rule
 * included) and sends nothing.
 */
export async function sendToSegment(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: SegmentSendInput,
): Promise<BulkSendSurveysResult> {
  const { surveyTemplateVersionId, segmentId, dryRun } = segmentSendSchema.parse(input);
  const { memberCount, members } = await findSegmentMembers(
    ctx,
    actor.workspaceId,
    segmentId,
    maxBulkSurveyRows,
  );
  if (memberCount === 0)
    throw invalid('The segment has no contacts to send to.', { segmentId: 'No contacts' });
  if (memberCount > maxBulkSurveyRows) {
    const message = `The segment has ${memberCount.toLocaleString('en-US')} contacts: send to at most ${maxBulkSurveyRows.toLocaleString('en-US')} at a time.`;
    throw invalid(message, { segmentId: message });
  }
  const sending = await loadSendingContext(ctx, actor, surveyTemplateVersionId);
  // "First name" is filled by an attribute named firstName or first_name.
  const simplified = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const rows = members.map((contact) => {
    const byName = new Map(
      Object.entries(contact.attributes).map(([name, value]) => [simplified(name), value]),
    );
    const properties: Record<string, string | number | boolean> = {};
    for (const property of sending.definition.properties) {
      const value = byName.get(simplified(property.label));
      if (value !== undefined) properties[property.label] = value;
    }
    return { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber, properties };
  });
  return bulkSendSurveys(ctx, actor, { surveyTemplateVersionId, rows, dryRun });
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
