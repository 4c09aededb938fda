import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { suppressedContacts } from '../../db/schema/index.js';
import { erasedContactKey } from '../../erased-contact.js';

export type SuppressionRow = typeof suppressedContacts.$inferSelect;

export async function findSuppressions(db: Executor, workspaceId: string): Promise<SuppressionRow[]> {
  return db
    .select()
    .from(suppressedContacts)
    .where(eq(suppressedContacts.workspaceId, workspaceId))
    .orderBy(desc(suppressedContacts.createdAt), suppressedContacts.contact);
}

export async function findSuppression(
  db: Executor,
  workspaceId: string,
  contact: string,
): Promise<SuppressionRow | undefined> {
  const [row] = await db
    .select()
    .from(suppressedContacts)
    .where(and(eq(suppressedContacts.workspaceId, workspaceId), eq(suppressedContacts.contact, contact)));
  return row;
}

/** The contacts among `contacts` that the workspace must not message. */
export async function findSuppressedAmong(
  db: Executor,
  workspaceId: string,
  contacts: string[],
): Promise<Set<string>> {
  if (contacts.length === 0) return new Set();
  // An erased contact's entry holds its key (decision 043): each contact is looked up by both.
  const byKey = new Map(contacts.map((contact) => [erasedContactKey(workspaceId, contact), contact]));
  const rows = await db
    .select({ contact: suppressedContacts.contact })
    .from(suppressedContacts)
    .where(
      and(
        eq(suppressedContacts.workspaceId, workspaceId),
        inArray(suppressedContacts.contact, [...contacts, ...byKey.keys()]),
      ),
    );
  return new Set(rows.map((row) => byKey.get(row.contact) ?? row.contact));
}

/** Adds a contact (idempotent: an existing entry stays as it was); answers the entry. */
export async function insertSuppression(
  db: Executor,
  row: Pick<SuppressionRow, 'workspaceId' | 'contact' | 'contactType' | 'reason'> & { createdAt: Date },
): Promise<SuppressionRow> {
  await db.insert(suppressedContacts).values(row).onConflictDoNothing();
  return (await findSuppression(db, row.workspaceId, row.contact))!;
}

/** Adds many contacts at once (idempotent: existing entries, whatever their reason, stay as they were). */
export async function insertSuppressions(
  db: Executor,
  rows: (Pick<SuppressionRow, 'workspaceId' | 'contact' | 'contactType' | 'reason'> & { createdAt: Date })[],
): Promise<Pick<SuppressionRow, 'workspaceId' | 'contact' | 'contactType'>[]> {
  if (rows.length === 0) return [];
  return db.insert(suppressedContacts).values(rows).onConflictDoNothing().returning({
    workspaceId: suppressedContacts.workspaceId,
    contact: suppressedContacts.contact,
    contactType: suppressedContacts.contactType,
  });
}

/** Removes the entries of these contacts with this reason, in every workspace; answers how many. */
export async function deleteSuppressionsByReason(
  db: Executor,
  contacts: string[],
  reason: SuppressionRow['reason'],
): Promise<number> {
  if (contacts.length === 0) return 0;
  const rows = await db
    .delete(suppressedContacts)
    .where(and(inArray(suppressedContacts.contact, contacts), eq(suppressedContacts.reason, reason)))
    .returning({ contact: suppressedContacts.contact });
  return rows.length;
}

export async function deleteSuppression(
  db: Executor,
  workspaceId: string,
  contact: string,
): Promise<boolean> {
  const rows = await db
    .delete(suppressedContacts)
    .where(and(eq(suppressedContacts.workspaceId, workspaceId), eq(suppressedContacts.contact, contact)))
    .returning({ contact: suppressedContacts.contact });
  return rows.length > 0;
}
