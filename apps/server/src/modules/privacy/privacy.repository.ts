import type { SurveyResponses, SurveyState } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { erasedContactKey } from '../../erased-contact.js';

// What the workspace holds about one respondent, found by the stored forms of their addresses
// (docs/decisions/043-erasure-and-access-requests.md), and the statements that erase it from the
// tables no other module's function covers. Every statement is scoped by the workspace.

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/**
 * `= ${anyText(values)}`: one array read once (an init plan), so each table is probed through its
 * index, also inside an `or`, where `in (subquery)` would scan the table.
 */
const anyText = (values: readonly string[]) =>
  sql`any(array(select jsonb_array_elements_text(${jsonParam(values)})))`;
const anyUuid = (values: readonly string[]) =>
  sql`any(array(select value::uuid from jsonb_array_elements_text(${jsonParam(values)})))`;

export interface RespondentSurveyRow {
  id: string;
  templateId: string;
  templateVersionId: string;
  templateName: string;
  state: SurveyState;
  contactMethods: (
    | { contactMethodType: 'email'; emailAddress: string }
    | { contactMethodType: 'phone'; phoneNumber: string }
  )[];
  properties: Record<string, string | number | boolean>;
  responses: SurveyResponses;
  language: string | null;
  sentAt: Date;
  firstOpenedAt: Date | null;
  completedAt: Date | null;
  compositePercentage: number | null;
  contactId: string | null;
}

/**
 * The workspace's surveys sent to any of these addresses (through the contact-methods index), or
 * to these contacts, or named by id; oldest first.
 */
export async function findRespondentSurveys(
  db: Executor,
  workspaceId: string,
  match: { addresses: readonly string[]; contactIds: readonly string[]; surveyIds: readonly string[] },
): Promise<RespondentSurveyRow[]> {
  const conditions: SQL[] = match.addresses.map((address) =>
    address.includes('@')
      ? sql`s.contact_methods @> ${jsonParam([{ emailAddress: address }])}`
      : sql`s.contact_methods @> ${jsonParam([{ phoneNumber: address }])}`,
  );
  if (match.contactIds.length > 0) conditions.push(sql`s.contact_id = ${anyUuid(match.contactIds)}`);
  if (match.surveyIds.length > 0) conditions.push(sql`s.id = ${anyUuid(match.surveyIds)}`);
  if (conditions.length === 0) return [];
  const rows = await rowsOf<{
    id: string;
    template_id: string;
    template_version_id: string;
    template_name: string;
    state: SurveyState;
    contact_methods: RespondentSurveyRow['contactMethods'];
    properties: RespondentSurveyRow['properties'];
    responses: SurveyResponses;
    language: string | null;
    sent_at: string | Date;
    first_opened_at: string | Date | null;
    completed_at: string | Date | null;
    composite_percentage: number | null;
    contact_id: string | null;
  }>(
    db,
    sql`select s.id, s.template_id, s.template_version_id, t.name as template_name, s.state,
          s.contact_methods, s.properties, s.responses, s.language, s.sent_at, s.first_opened_at,
          s.completed_at, s.composite_percentage, s.contact_id
        from surveys s join templates t on t.id = s.template_id
        where s.workspace_id = ${workspaceId}::uuid and (${sql.join(conditions, sql` or `)})
        order by s.sent_at, s.id`,
  );
  const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({
    id: row.id,
    templateId: row.template_id,
    templateVersionId: row.template_version_id,
    templateName: row.template_name,
    state: row.state,
    contactMethods: row.contact_methods ?? [],
    properties: row.properties ?? {},
    responses: row.responses ?? {},
    language: row.language,
    sentAt: new Date(row.sent_at),
    firstOpenedAt: dateOf(row.first_opened_at),
    completedAt: dateOf(row.completed_at),
    compositePercentage: row.composite_percentage === null ? null : Number(row.composite_percentage),
    contactId: row.contact_id,
  }));
}

export interface RespondentContactRow {
  id: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  name: string | null;
  attributes: Record<string, string | number | boolean>;
  lastSurveyedAt: Date | null;
  createdAt: Date;
}

/** The workspace's contacts with one of these addresses, or these ids. */
export async function findRespondentContacts(
  db: Executor,
  workspaceId: string,
  match: { addresses: readonly string[]; contactIds: readonly string[] },
): Promise<RespondentContactRow[]> {
  if (match.addresses.length === 0 && match.contactIds.length === 0) return [];
  const rows = await rowsOf<{
    id: string;
    email_address: string | null;
    phone_number: string | null;
    name: string | null;
    attributes: Record<string, string | number | boolean>;
    last_surveyed_at: string | Date | null;
    created_at: string | Date;
  }>(
    db,
    sql`select id, email_address, phone_number, name, attributes, last_surveyed_at, created_at from contacts
        where workspace_id = ${workspaceId}::uuid and (email_address = ${anyText(match.addresses)}
          or phone_number = ${anyText(match.addresses)} or id = ${anyUuid(match.contactIds)})
        order by created_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    emailAddress: row.email_address,
    phoneNumber: row.phone_number,
    name: row.name,
    attributes: row.attributes ?? {},
    lastSurveyedAt: row.last_surveyed_at === null ? null : new Date(row.last_surveyed_at),
    createdAt: new Date(row.created_at),
  }));
}

/** A contact's addresses, when it is the workspace's. */
export async function findContactAddresses(
  db: Executor,
  workspaceId: string,
  contactId: string,
): Promise<{ emailAddress: string | null; phoneNumber: string | null } | undefined> {
  const [row] = await rowsOf<{ email_address: string | null; phone_number: string | null }>(
    db,
    sql`select email_address, phone_number from contacts where id = ${contactId}::uuid and workspace_id = ${workspaceId}::uuid`,
  );
  return row ? { emailAddress: row.email_address, phoneNumber: row.phone_number } : undefined;
}

export interface RespondentMessageRow {
  id: string;
  channel: string;
  purpose: string;
  recipient: string;
  subject: string;
  textBody: string;
  status: string;
  sentAt: Date | null;
  createdAt: Date;
  surveyId: string | null;
}

/** The workspace's messages to these addresses or about these surveys, oldest first. */
export async function findRespondentMessages(
  db: Executor,
  workspaceId: string,
  addresses: readonly string[],
  surveyIds: readonly string[],
): Promise<RespondentMessageRow[]> {
  const rows = await rowsOf<{
    id: string;
    channel: string;
    purpose: string;
    recipient: string;
    subject: string;
    text_body: string;
    status: string;
    sent_at: string | Date | null;
    created_at: string | Date;
    survey_id: string | null;
  }>(
    db,
    sql`select id, channel, purpose, recipient, subject, text_body, status, sent_at, created_at, survey_id
        from outbox_messages
        where workspace_id = ${workspaceId}::uuid
          and (recipient = ${anyText(addresses)} or survey_id = ${anyUuid(surveyIds)})
        order by created_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    purpose: row.purpose,
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text_body,
    status: row.status,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    createdAt: new Date(row.created_at),
    surveyId: row.survey_id,
  }));
}

export interface RespondentSuppressionRow {
  /** The address the entry stops (an erased contact's entry is found by its key). */
  contact: string;
  contactType: string;
  reason: string;
  createdAt: Date;
  isErasedKey: boolean;
}

/** The workspace's suppression entries of these addresses, kept as addresses or as erased keys. */
export async function findRespondentSuppressions(
  db: Executor,
  workspaceId: string,
  addresses: readonly string[],
): Promise<RespondentSuppressionRow[]> {
  const byKey = new Map(addresses.map((address) => [erasedContactKey(workspaceId, address), address]));
  const rows = await rowsOf<{
    contact: string;
    contact_type: string;
    reason: string;
    created_at: string | Date;
  }>(
    db,
    sql`select contact, contact_type, reason, created_at from suppressed_contacts
        where workspace_id = ${workspaceId}::uuid and contact = ${anyText([...addresses, ...byKey.keys()])}
        order by created_at, contact`,
  );
  return rows.map((row) => ({
    contact: byKey.get(row.contact) ?? row.contact,
    contactType: row.contact_type,
    reason: row.reason,
    createdAt: new Date(row.created_at),
    isErasedKey: byKey.has(row.contact),
  }));
}

/** How many cases follow these surveys up. */
export async function countSurveyCases(db: Executor, surveyIds: readonly string[]): Promise<number> {
  if (surveyIds.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from cases where survey_id = ${anyUuid(surveyIds)}`,
  );
  return Number(row?.n ?? 0);
}

// ---- erasure ----

/** Messages to these addresses lose the address and the content; queued ones are skipped. */
export async function redactMessagesTo(
  db: Executor,
  workspaceId: string,
  addresses: readonly string[],
): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update outbox_messages set
          status = case when status = 'queued' then 'skipped' else status end,
          last_error = case when status = 'queued' then 'The respondent was erased.' else last_error end,
          recipient = '', subject = '', text_body = '', html_body = null, headers = null,
          attachments = null, updated_at = now()
        where workspace_id = ${workspaceId}::uuid and recipient = ${anyText(addresses)}
        returning id`,
  );
  return rows.length;
}

/** Deletes the contacts, their surveys keeping no link to them. */
export async function deleteContacts(db: Executor, workspaceId: string, contactIds: readonly string[]) {
  if (contactIds.length === 0) return;
  await db.execute(sql`
    update surveys set contact_id = null
    where workspace_id = ${workspaceId}::uuid and contact_id = ${anyUuid(contactIds)}`);
  await db.execute(sql`
    delete from contacts where workspace_id = ${workspaceId}::uuid and id = ${anyUuid(contactIds)}`);
}

/**
 * Replaces the suppression entries of these addresses with their erased keys (one per stored
 * form the address may come in, `keysOf`), keeping type, reason and date. Answers how many
 * entries were replaced.
 */
export async function replaceSuppressionsWithKeys(
  db: Executor,
  workspaceId: string,
  addresses: readonly string[],
  keysOf: (address: string) => string[],
): Promise<number> {
  if (addresses.length === 0) return 0;
  const removed = await rowsOf<{
    contact: string;
    contact_type: string;
    reason: string;
    created_at: string | Date;
  }>(
    db,
    sql`delete from suppressed_contacts
        where workspace_id = ${workspaceId}::uuid and contact = ${anyText(addresses)}
        returning contact, contact_type, reason, created_at`,
  );
  const keyed = removed.flatMap((row) =>
    keysOf(row.contact).map((key) => ({
      c: key,
      t: row.contact_type,
      r: row.reason,
      a: new Date(row.created_at).toISOString(),
    })),
  );
  if (keyed.length > 0) {
    await db.execute(sql`
      insert into suppressed_contacts (workspace_id, contact, contact_type, reason, created_at)
      select ${workspaceId}::uuid, c, t, r, a from jsonb_to_recordset(${jsonParam(keyed)})
        as k(c text, t text, r text, a timestamptz)
      on conflict do nothing`);
  }
  return removed.length;
}

/**
 * The rest of what names the addresses: reminder days, `contact.unsubscribed` webhook events,
 * stored API replies (idempotency keys) and the rows of finished contact imports' files.
 */
export async function eraseAddressTraces(
  db: Executor,
  workspaceId: string,
  addresses: readonly string[],
  dropLines: (csv: string) => string,
): Promise<void> {
  if (addresses.length === 0) return;
  const list = anyText(addresses);
  await db.execute(sql`
    delete from reminder_contact_days where workspace_id = ${workspaceId}::uuid and contact = ${list}`);
  await db.execute(sql`
    update webhook_events set data = jsonb_build_object('contactType', data->>'contactType', 'erased', true)
    where workspace_id = ${workspaceId}::uuid and type = 'contact.unsubscribed' and data->>'contact' = ${list}`);
  const patterns = sql`(select '%' || value || '%' from jsonb_array_elements_text(${jsonParam(addresses)}))`;
  await db.execute(sql`
    delete from idempotency_keys
    where api_key_id in (select k.id from api_keys k join workspaces w on w.customer_id = k.customer_id
                         where w.id = ${workspaceId}::uuid)
      and lower(response_body) like any (array${patterns})`);
  const imports = await rowsOf<{ id: string; csv: string }>(
    db,
    sql`select id, csv from contact_imports
        where workspace_id = ${workspaceId}::uuid and status in ('finished', 'failed')
          and lower(csv) like any (array${patterns})`,
  );
  for (const row of imports) {
    await db.execute(sql`update contact_imports set csv = ${dropLines(row.csv)} where id = ${row.id}::uuid`);
  }
}
