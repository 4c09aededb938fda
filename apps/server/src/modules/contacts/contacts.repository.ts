import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cases,
  contactAttributes,
  contactSettings,
  contacts,
  suppressedContacts,
  surveys,
  templates,
} from '../../db/schema/index.js';
import { erasedContactKey } from '../../erased-contact.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactAttributeRow = typeof contactAttributes.$inferSelect;

type AttributeValues = Record<string, string | number | boolean>;

/** What one send or import row says of a person; the repository finds or creates their contact. */
export interface ContactFacts {
  emailAddress: string | null;
  phoneNumber: string | null;
  name?: string | null;
  attributes?: AttributeValues;
  /** Set when a survey goes to the contact now. */
  surveyedAt?: Date | null;
}

export async function findAttributes(db: Executor, workspaceId: string): Promise<ContactAttributeRow[]> {
  return db
    .select()
    .from(contactAttributes)
    .where(eq(contactAttributes.workspaceId, workspaceId))
    .orderBy(asc(contactAttributes.createdAt), asc(contactAttributes.name));
}

/** Adds an attribute; undefined when the workspace already has one of that name. */
export async function insertAttribute(
  db: Executor,
  row: Pick<ContactAttributeRow, 'workspaceId' | 'name' | 'displayName' | 'type'> & { createdAt: Date },
): Promise<ContactAttributeRow | undefined> {
  const [inserted] = await db.insert(contactAttributes).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Contacts of the workspace holding any of these addresses or numbers. */
export async function findContactsByAddresses(
  db: Executor,
  workspaceId: string,
  emails: string[],
  phones: string[],
): Promise<ContactRow[]> {
  const matches: SQL[] = [];
  if (emails.length > 0) matches.push(inArray(contacts.emailAddress, emails));
  if (phones.length > 0) matches.push(inArray(contacts.phoneNumber, phones));
  if (matches.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), or(...matches)));
}

export async function insertContacts(
  db: Executor,
  rows: (Omit<typeof contacts.$inferInsert, 'id'> & { id: string })[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // Another send may create the same person meanwhile: that row loses and is updated instead.
  const inserted = await db
    .insert(contacts)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  return new Set(inserted.map((row) => row.id));
}

export interface ContactChange {
  id: string;
  /** Filled only where the contact has none. */
  emailAddress: string | null;
  phoneNumber: string | null;
  name: string | null;
  attributes: AttributeValues;
  surveyedAt: string | null;
  updatedAt: string;
}

/**
 * Updates many contacts in one statement: missing addresses are filled, a given name and the
 * given attributes replace theirs, the last survey time only moves forward.
 */
export async function updateContacts(db: Executor, workspaceId: string, changes: ContactChange[]) {
  if (changes.length === 0) return;
  await db.execute(sql`
    update ${contacts} set
      email_address = coalesce(${contacts.emailAddress}, c.email),
      phone_number = coalesce(${contacts.phoneNumber}, c.phone),
      name = coalesce(c.name, ${contacts.name}),
      attributes = ${contacts.attributes} || c.attributes,
      last_surveyed_at = greatest(${contacts.lastSurveyedAt}, c.surveyed_at),
      updated_at = c.updated_at
    from jsonb_to_recordset(${JSON.stringify(
      changes.map((change) => ({
        id: change.id,
        email: change.emailAddress,
        phone: change.phoneNumber,
        name: change.name,
        attributes: change.attributes,
        surveyed_at: change.surveyedAt,
        updated_at: change.updatedAt,
      })),
    )}::jsonb) as c(id uuid, email text, phone text, name text, attributes jsonb, surveyed_at timestamptz, updated_at timestamptz)
    where ${contacts.id} = c.id and ${contacts.workspaceId} = ${workspaceId}`);
}

export async function findContact(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
  return row;
}

/** Replaces a contact's fields; undefined when its new address belongs to another contact. */
export async function replaceContact(
  db: Executor,
  workspaceId: string,
  id: string,
  fields: Pick<ContactRow, 'emailAddress' | 'phoneNumber' | 'name' | 'attributes' | 'updatedAt'>,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set(fields)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
    .returning();
  return row;
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(contacts.emailAddress, pattern),
    ilike(contacts.name, pattern),
    digits.length >= 3 ? ilike(contacts.phoneNumber, `%${digits}%`) : undefined,
  );
}

/** A page of contacts, newest first, and how many match. */
export async function findContactsPage(
  db: Executor,
  workspaceId: string,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = and(eq(contacts.workspaceId, workspaceId), searchCondition(options.search));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), asc(contacts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * A contact's surveys, newest first, each with its template's name and its cases: one read of
 * the surveys, templates and cases tables for the contact page (docs/decisions/038-contacts.md).
 */
export async function findContactSurveys(db: Executor, workspaceId: string, contactId: string) {
  const rows = await db
    .select({
      survey: {
        id: surveys.id,
        templateId: surveys.templateId,
        templateVersionId: surveys.templateVersionId,
        state: surveys.state,
        contactMethods: surveys.contactMethods,
        sentAt: surveys.sentAt,
        completedAt: surveys.completedAt,
        compositePercentage: surveys.compositePercentage,
        questionScores: surveys.questionScores,
      },
      templateName: templates.name,
      cases: sql<{ caseId: string; status: string; openedAt: string }[]>`coalesce((
        select jsonb_agg(jsonb_build_object('caseId', ${cases.id}, 'status', ${cases.status},
          'openedAt', ${cases.openedAt}) order by ${cases.openedAt})
        from ${cases} where ${cases.surveyId} = ${surveys.id}), '[]'::jsonb)`,
    })
    .from(surveys)
    .innerJoin(templates, eq(templates.id, surveys.templateId))
    .where(and(eq(surveys.workspaceId, workspaceId), eq(surveys.contactId, contactId)))
    .orderBy(desc(surveys.sentAt), desc(surveys.id))
    .limit(200);
  return rows;
}

/** The entries of the suppression list that stop messages to these addresses. */
export async function findSuppressionsOf(db: Executor, workspaceId: string, addresses: string[]) {
  if (addresses.length === 0) return [];
  // An erased contact's entry holds its key (decision 043): shown under the address it stops.
  const byKey = new Map(addresses.map((address) => [erasedContactKey(workspaceId, address), address]));
  const rows = await db
    .select({
      contact: suppressedContacts.contact,
      reason: suppressedContacts.reason,
      createdAt: suppressedContacts.createdAt,
    })
    .from(suppressedContacts)
    .where(
      and(
        eq(suppressedContacts.workspaceId, workspaceId),
        inArray(suppressedContacts.contact, [...addresses, ...byKey.keys()]),
      ),
    );
  return rows.map((row) => ({ ...row, contact: byKey.get(row.contact) ?? row.contact }));
}

/** The fatigue rule's days; undefined: the workspace keeps the default. */
export async function findFatigueDays(db: Executor, workspaceId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ fatigueDays: contactSettings.fatigueDays })
    .from(contactSettings)
    .where(eq(contactSettings.workspaceId, workspaceId));
  return row?.fatigueDays;
}

export async function saveFatigueDays(db: Executor, workspaceId: string, fatigueDays: number, now: Date) {
  await db
    .insert(contactSettings)
    .values({ workspaceId, fatigueDays, updatedAt: now })
    .onConflictDoUpdate({ target: contactSettings.workspaceId, set: { fatigueDays, updatedAt: now } });
}

/**
 * Contacts holding any of these addresses or numbers that were surveyed after `since`.
 */
export async function findSurveyedSince(
  db: Executor,
  workspaceId: string,
  emails: string[],
  phones: string[],
  since: Date,
  lock: boolean,
): Promise<Pick<ContactRow, 'emailAddress' | 'phoneNumber' | 'lastSurveyedAt'>[]> {
  const matches: SQL[] = [];
  if (emails.length > 0) matches.push(inArray(contacts.emailAddress, emails));
  if (phones.length > 0) matches.push(inArray(contacts.phoneNumber, phones));
  if (matches.length === 0) return [];
  const query = db
    .select({
      emailAddress: contacts.emailAddress,
      phoneNumber: contacts.phoneNumber,
      lastSurveyedAt: contacts.lastSurveyedAt,
    })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), or(...matches)));
  // Every matching contact is locked, surveyed lately or not: a send waits for another to the same person.
  const rows = lock ? await query.for('update') : await query;
  return rows.filter((row) => row.lastSurveyedAt !== null && row.lastSurveyedAt > since);
}
