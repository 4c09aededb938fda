import {
  type Contact,
  type ContactAttribute,
  type ContactAttributesResponse,
  type ContactDetail,
  type ContactsQuery,
  type ContactsResponse,
  type ContactsSearch,
  type CreateContactAttributeInput,
  contactNeedsAddressMessage,
  contactNotFoundMessage,
  contactsQuerySchema,
  contactsSearchSchema,
  createContactAttributeSchema,
  invalidPhoneMessageFor,
  storedPhoneFormsOf,
  toStoredPhone,
  type UpdateContactInput,
  type UpsertContact,
  type UpsertContactInput,
  updateContactSchema,
  upsertContactSchema,
  validateContactAttributes,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { type CursorKeyPart, type CursorPage, cutPage } from '../../cursor.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { recordContacts } from './contact-records.service.js';
import {
  type ContactAttributeRow,
  type ContactRow,
  findAttributes,
  findContact,
  findContactSurveys,
  findContactsAfter,
  findContactsPage,
  findSuppressionsOf,
  insertAttribute,
  replaceContact,
} from './contacts.repository.js';

const contactNotFound = () => notFound(contactNotFoundMessage);

export function toContact(row: ContactRow): Contact {
  return {
    contactId: row.id,
    emailAddress: row.emailAddress,
    phoneNumber: row.phoneNumber,
    name: row.name,
    attributes: row.attributes,
    lastSurveyedAt: row.lastSurveyedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toAttribute = (row: ContactAttributeRow): ContactAttribute => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  type: row.type,
});

/** A contact's label in the audit log: never its address (docs/decisions/017-audit-log.md). */
const contactTarget = (id: string) => ({ type: 'contact', id });

/** The workspace's attributes, oldest first. */
export function loadContactAttributes(db: Executor, workspaceId: string): Promise<ContactAttributeRow[]> {
  return findAttributes(db, workspaceId);
}

/** `GET /contacts/attributes`. */
export async function listContactAttributes(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<ContactAttributesResponse> {
  return { attributes: (await findAttributes(ctx.db, actor.workspaceId)).map(toAttribute) };
}

/** `POST /contacts/attributes`: a new typed attribute; a name already used answers 409. */
export async function createContactAttribute(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: CreateContactAttributeInput,
): Promise<ContactAttribute> {
  const fields = createContactAttributeSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const row = await insertAttribute(tx, {
      name: fields.name,
      displayName: fields.displayName,
      type: fields.type,
      workspaceId: actor.workspaceId,
      createdAt: ctx.now(),
    });
    if (!row) throw conflict(`An attribute named "${fields.name}" already exists.`);
    await recordAudit(ctx, tx, actor, 'contact-attribute.created', {
      type: 'contact-attribute',
      id: row.id,
      label: row.displayName,
    });
    return toAttribute(row);
  });
}

/** `GET /contacts`: newest first, searched by address, number or name. */
export async function listContacts(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ContactsQuery,
): Promise<ContactsResponse> {
  const { search, page, limit } = contactsQuerySchema.parse(query);
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  // A whole phone number is searched in its stored form ("0412 345 678" finds +61412345678).
  const stored = search ? toStoredPhone(search, country) : undefined;
  const { rows, total } = await findContactsPage(ctx.db, actor.workspaceId, {
    search: stored ?? search,
    limit,
    offset: (page - 1) * limit,
  });
  return { contacts: rows.map(toContact), total, page, limit };
}

/** The parts of the contacts list's cursor: the contact's creation time and id. */
export const contactsCursorKey = ['time', 'id'] as const satisfies readonly CursorKeyPart[];

/**
 * `GET /api/v1/contacts`: a page of the contacts, newest first, searched as the web list is, by
 * cursor (docs/decisions/047-connect-gaps.md).
 */
export async function listContactsPage(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ContactsSearch,
  page: CursorPage,
): Promise<{ contacts: Contact[]; next: string | null }> {
  const { search } = contactsSearchSchema.parse(query);
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const stored = search ? toStoredPhone(search, country) : undefined;
  const [createdAt, id] = page.after ?? [];
  const rows = await findContactsAfter(
    ctx.db,
    actor.workspaceId,
    stored ?? search,
    createdAt && id ? { createdAt, id } : undefined,
    page.limit + 1,
  );
  const cut = cutPage(rows, page, (row) => [row.cursorCreatedAt, row.id]);
  return { contacts: cut.rows.map(toContact), next: cut.next };
}

/** `GET /contacts/{id}`: the contact, their surveys with scores and cases, and their suppressions. */
export async function getContact(ctx: AppContext, actor: WorkspaceActor, id: string): Promise<ContactDetail> {
  if (!isUuid(id)) throw contactNotFound();
  const row = await findContact(ctx.db, actor.workspaceId, id);
  if (!row) throw contactNotFound();
  const addresses = [
    ...(row.emailAddress ? [row.emailAddress] : []),
    ...(row.phoneNumber ? storedPhoneFormsOf(row.phoneNumber) : []),
  ];
  const [surveys, suppressions] = await Promise.all([
    findContactSurveys(ctx.db, actor.workspaceId, id),
    findSuppressionsOf(ctx.db, actor.workspaceId, addresses),
  ]);
  return {
    contact: toContact(row),
    surveys: surveys.map(({ survey, templateName, cases }) => ({
      surveyId: survey.id,
      surveyTemplateId: survey.templateId,
      surveyTemplateVersionId: survey.templateVersionId,
      surveyTemplateName: templateName,
      surveyState: survey.state,
      surveyContactMethods: survey.contactMethods,
      sentAt: survey.sentAt.toISOString(),
      completedAt: survey.completedAt?.toISOString() ?? null,
      compositePercentage: survey.compositePercentage,
      questionScores: survey.questionScores ?? [],
      cases: cases.map((item) => ({ ...item, openedAt: new Date(item.openedAt).toISOString() })),
    })),
    suppressions: suppressions.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

/** The phone in its stored form for the workspace's country; 400 naming the field otherwise. */
function storedPhoneOf(text: string | null | undefined, country: string): string | null | undefined {
  if (text === null || text === undefined) return text;
  const stored = toStoredPhone(text, country);
  if (!stored)
    throw invalid(invalidPhoneMessageFor(country), { phoneNumber: invalidPhoneMessageFor(country) });
  return stored;
}

function checkedAttributes(
  attributes: ContactAttributeRow[],
  raw: UpsertContact['attributes'],
  stored?: Record<string, string | number | boolean>,
) {
  const { values, errors } = validateContactAttributes(attributes, raw, stored);
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    throw invalid(
      problems[0]![1],
      Object.fromEntries(problems.map(([name, message]) => [`attributes.${name}`, message])),
    );
  }
  return values;
}

/**
 * `POST /contacts`: creates the contact, or updates the one that has this address or number
 * (decision 038); answers it and whether it is new.
 */
export async function upsertContact(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: UpsertContactInput,
): Promise<{ contact: Contact; isNew: boolean }> {
  const parsed = upsertContactSchema.parse(input);
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const phoneNumber = storedPhoneOf(parsed.phoneNumber, country) ?? null;
  const emailAddress = parsed.emailAddress ?? null;
  if (!emailAddress && !phoneNumber) {
    throw invalid(contactNeedsAddressMessage, { emailAddress: contactNeedsAddressMessage });
  }
  const attributes = await findAttributes(ctx.db, actor.workspaceId);
  const values = checkedAttributes(attributes, parsed.attributes);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [id] = await recordContacts(
      tx,
      actor.workspaceId,
      [{ emailAddress, phoneNumber, name: parsed.name ?? null, attributes: values }],
      now,
    );
    const row = (await findContact(tx, actor.workspaceId, id!))!;
    const isNew = row.createdAt.getTime() === now.getTime();
    await recordAudit(ctx, tx, actor, isNew ? 'contact.created' : 'contact.changed', contactTarget(row.id));
    return { contact: toContact(row), isNew };
  });
}

/**
 * `PATCH /contacts/{id}`: changes the fields sent (attributes merge, null clears); an address or
 * number another contact has answers 409.
 */
export async function updateContact(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  input: UpdateContactInput,
): Promise<Contact> {
  if (!isUuid(id)) throw contactNotFound();
  const parsed = updateContactSchema.parse(input);
  const country = await loadPhoneCountry(ctx.db, actor.workspaceId);
  const phoneNumber = storedPhoneOf(parsed.phoneNumber, country);
  const attributes = await findAttributes(ctx.db, actor.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const row = await findContact(tx, actor.workspaceId, id);
    if (!row) throw contactNotFound();
    const next = {
      emailAddress: parsed.emailAddress === undefined ? row.emailAddress : parsed.emailAddress,
      phoneNumber: phoneNumber === undefined ? row.phoneNumber : phoneNumber,
      name: parsed.name === undefined ? row.name : parsed.name,
      attributes: parsed.attributes
        ? checkedAttributes(attributes, parsed.attributes, row.attributes)
        : row.attributes,
      updatedAt: ctx.now(),
    };
    if (!next.emailAddress && !next.phoneNumber) {
      throw invalid(contactNeedsAddressMessage, { emailAddress: contactNeedsAddressMessage });
    }
    const updated = await tx
      .transaction(async (savepoint) => replaceContact(savepoint, actor.workspaceId, id, next))
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw conflict('Another contact has this e-mail address or phone number.');
        throw error;
      });
    await recordAudit(ctx, tx, actor, 'contact.changed', contactTarget(id));
    return toContact(updated!);
  });
}
