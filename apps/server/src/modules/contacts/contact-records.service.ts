import { randomUUID } from 'node:crypto';
import type { ContactMethod } from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../errors.js';
import {
  type ContactChange,
  type ContactFacts,
  type ContactRow,
  findContactsByAddresses,
  insertContacts,
  updateContacts,
} from './contacts.repository.js';

export type { ContactFacts } from './contacts.repository.js';

// Creating and updating contacts from what sends and imports say of people (docs/decisions/038-contacts.md):
// one contact per e-mail address and one per phone number in a workspace.

interface Group {
  emailAddress: string | null;
  phoneNumber: string | null;
  name: string | null;
  attributes: Record<string, string | number | boolean>;
  surveyedAt: Date | null;
}

/**
 * Gathers the facts into people: facts sharing an address or a number are one person. A contact
 * holds one address and one number; a second address of someone already known by their number
 * is not attached (it stays that fact's own).
 */
function groupFacts(facts: readonly ContactFacts[]): { groups: Group[]; groupOf: (Group | undefined)[] } {
  const groups: Group[] = [];
  const byEmail = new Map<string, Group>();
  const byPhone = new Map<string, Group>();
  const groupOf = facts.map((fact) => {
    const { emailAddress: email, phoneNumber: phone } = fact;
    if (!email && !phone) return undefined;
    let group = (email ? byEmail.get(email) : undefined) ?? (phone ? byPhone.get(phone) : undefined);
    if (!group) {
      group = { emailAddress: null, phoneNumber: null, name: null, attributes: {}, surveyedAt: null };
      groups.push(group);
    }
    if (email && !group.emailAddress && !byEmail.has(email)) {
      group.emailAddress = email;
      byEmail.set(email, group);
    }
    if (phone && !group.phoneNumber && !byPhone.has(phone)) {
      group.phoneNumber = phone;
      byPhone.set(phone, group);
    }
    if (fact.name) group.name = fact.name;
    if (fact.attributes) Object.assign(group.attributes, fact.attributes);
    if (fact.surveyedAt && (!group.surveyedAt || fact.surveyedAt > group.surveyedAt)) {
      group.surveyedAt = fact.surveyedAt;
    }
    return group;
  });
  return { groups, groupOf };
}

function changeOf(contact: ContactRow, group: Group, now: Date): ContactChange {
  return {
    id: contact.id,
    emailAddress: contact.emailAddress ? null : group.emailAddress,
    phoneNumber: contact.phoneNumber ? null : group.phoneNumber,
    name: group.name,
    attributes: group.attributes,
    surveyedAt: group.surveyedAt?.toISOString() ?? null,
    updatedAt: now.toISOString(),
  };
}

/** Two groups that reach one contact become one change (one row per contact in the update). */
function mergeChange(into: ContactChange | undefined, change: ContactChange): ContactChange {
  if (!into) return change;
  const surveyed = [into.surveyedAt, change.surveyedAt].filter((value): value is string => value !== null);
  return {
    ...into,
    emailAddress: into.emailAddress ?? change.emailAddress,
    phoneNumber: into.phoneNumber ?? change.phoneNumber,
    name: change.name ?? into.name,
    attributes: { ...into.attributes, ...change.attributes },
    surveyedAt: surveyed.sort().at(-1) ?? null,
  };
}

/**
 * Finds or creates the contact of each fact (undefined: the fact names no address), in the
 * caller's transaction: three statements for any number of facts. Answers the contact ids in
 * the facts' order, and adds to `stats` how many contacts it created and updated.
 */
export async function recordContacts(
  db: Executor,
  workspaceId: string,
  facts: readonly ContactFacts[],
  now: Date,
  stats: { created: number; updated: number } = { created: 0, updated: 0 },
): Promise<(string | undefined)[]> {
  const { groups, groupOf } = groupFacts(facts);
  const idOf = new Map<Group, string>();
  let pending = groups;
  // A second round only when another transaction created one of the same people meanwhile.
  for (let round = 0; round < 2 && pending.length > 0; round += 1) {
    const existing = await findContactsByAddresses(
      db,
      workspaceId,
      pending.flatMap((group) => (group.emailAddress ? [group.emailAddress] : [])),
      pending.flatMap((group) => (group.phoneNumber ? [group.phoneNumber] : [])),
    );
    const byEmail = new Map(existing.flatMap((row) => (row.emailAddress ? [[row.emailAddress, row]] : [])));
    const byPhone = new Map(existing.flatMap((row) => (row.phoneNumber ? [[row.phoneNumber, row]] : [])));
    const changes = new Map<string, ContactChange>();
    const fresh: { group: Group; id: string }[] = [];
    for (const group of pending) {
      const found =
        (group.emailAddress ? byEmail.get(group.emailAddress) : undefined) ??
        (group.phoneNumber ? byPhone.get(group.phoneNumber) : undefined);
      if (found) {
        idOf.set(group, found.id);
        changes.set(found.id, mergeChange(changes.get(found.id), changeOf(found, group, now)));
      } else {
        fresh.push({ group, id: randomUUID() });
      }
    }
    await updateContacts(db, workspaceId, [...changes.values()]);
    stats.updated += changes.size;
    const inserted = await insertContacts(
      db,
      fresh.map(({ group, id }) => ({
        id,
        workspaceId,
        emailAddress: group.emailAddress,
        phoneNumber: group.phoneNumber,
        name: group.name,
        attributes: group.attributes,
        lastSurveyedAt: group.surveyedAt,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const { group, id } of fresh) if (inserted.has(id)) idOf.set(group, id);
    stats.created += inserted.size;
    pending = fresh.filter(({ id }) => !inserted.has(id)).map(({ group }) => group);
  }
  if (pending.length > 0) throw conflict('Contacts changed while they were saved. Please try again.');
  return groupOf.map((group) => (group ? idOf.get(group) : undefined));
}

/** What a survey's contact methods say of its person: the first address and the first number. */
export function contactFactsOf(methods: readonly ContactMethod[], surveyedAt: Date | null): ContactFacts {
  let emailAddress: string | null = null;
  let phoneNumber: string | null = null;
  for (const method of methods) {
    if (method.contactMethodType === 'email') emailAddress ??= method.emailAddress;
    else phoneNumber ??= method.phoneNumber;
  }
  return { emailAddress, phoneNumber, surveyedAt };
}
