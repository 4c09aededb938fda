import {
  type EraseRespondentInput,
  type ErasureResult,
  eraseRespondentSchema,
  invalidContactMessage,
  normalizeContact,
  type PrivacyRespondent,
  phoneToE164,
  storedPhoneFormsOf,
  toPhoneDigits,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { erasedContactKey } from '../../erased-contact.js';
import { invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { eraseSurveyPersonalData } from '../responses/survey-erasure.service.js';
import { removeSurveys } from '../responses/survey-removal.service.js';
import {
  countSurveyCases,
  deleteContacts,
  eraseAddressTraces,
  findContactAddresses,
  findRespondentContacts,
  findRespondentMessages,
  findRespondentSuppressions,
  findRespondentSurveys,
  type RespondentContactRow,
  type RespondentMessageRow,
  type RespondentSuppressionRow,
  type RespondentSurveyRow,
  redactMessagesTo,
  replaceSuppressionsWithKeys,
} from './privacy.repository.js';

// Privacy requests (docs/decisions/043-erasure-and-access-requests.md): one search finds what a
// workspace holds about a respondent; an access request exports it, an erasure request erases it
// in one transaction, recorded in the audit log by counts, never by values.

/** The stored forms an address may take: a lower-cased e-mail address, a phone number's forms. */
function formsOf(address: string): string[] {
  if (address.includes('@')) return [address.trim().toLowerCase()];
  return [...new Set([address, ...storedPhoneFormsOf(address)])];
}

/** Everything held about one respondent. */
export interface RespondentHoldings {
  addresses: string[];
  surveys: RespondentSurveyRow[];
  contacts: RespondentContactRow[];
  messages: RespondentMessageRow[];
  suppressions: RespondentSuppressionRow[];
  caseCount: number;
}

/** Who a request names: addresses, and a survey or a contact named by id. */
interface RespondentMatch {
  addresses: string[];
  surveyIds: string[];
  contactIds: string[];
}

async function matchOfContactText(db: Executor, workspaceId: string, text: string): Promise<RespondentMatch> {
  const country = await loadPhoneCountry(db, workspaceId);
  const normalized = normalizeContact(text, country);
  if (!normalized) throw invalid(invalidContactMessage, { contact: invalidContactMessage });
  return { addresses: formsOf(normalized.contact), surveyIds: [], contactIds: [] };
}

async function matchOf(
  db: Executor,
  workspaceId: string,
  target: { contact?: string | undefined; surveyId?: string | undefined; contactId?: string | undefined },
): Promise<RespondentMatch> {
  if (target.contact !== undefined) return matchOfContactText(db, workspaceId, target.contact);
  if (target.surveyId !== undefined) {
    const [survey] = await findRespondentSurveys(db, workspaceId, {
      addresses: [],
      contactIds: [],
      surveyIds: [target.surveyId],
    });
    if (!survey) throw notFound('Survey not found');
    return {
      addresses: survey.contactMethods.flatMap((method) =>
        formsOf(method.contactMethodType === 'email' ? method.emailAddress : method.phoneNumber),
      ),
      surveyIds: [survey.id],
      contactIds: survey.contactId ? [survey.contactId] : [],
    };
  }
  const contact = await findContactAddresses(db, workspaceId, target.contactId!);
  if (!contact) throw notFound('Contact not found');
  return {
    addresses: [contact.emailAddress, contact.phoneNumber].flatMap((address) =>
      address ? formsOf(address) : [],
    ),
    surveyIds: [],
    contactIds: [target.contactId!],
  };
}

/**
 * What is held about the respondent a match names: their surveys, their contacts, and (by every
 * address found on those) their messages and suppression entries.
 */
async function findHoldings(
  db: Executor,
  workspaceId: string,
  match: RespondentMatch,
): Promise<RespondentHoldings> {
  const surveys = await findRespondentSurveys(db, workspaceId, match);
  // Every address on their surveys is theirs too: their contacts are found by all of them.
  const addresses = new Set(match.addresses);
  for (const survey of surveys) {
    for (const method of survey.contactMethods) {
      for (const form of formsOf(
        method.contactMethodType === 'email' ? method.emailAddress : method.phoneNumber,
      ))
        addresses.add(form);
    }
  }
  const contacts = await findRespondentContacts(db, workspaceId, {
    addresses: [...addresses],
    contactIds: [
      ...match.contactIds,
      ...surveys.flatMap((survey) => (survey.contactId ? [survey.contactId] : [])),
    ],
  });
  for (const contact of contacts) {
    for (const address of [contact.emailAddress, contact.phoneNumber]) {
      if (address) for (const form of formsOf(address)) addresses.add(form);
    }
  }
  const all = [...addresses];
  const surveyIds = surveys.map((survey) => survey.id);
  const [messages, suppressions, caseCount] = [
    await findRespondentMessages(db, workspaceId, all, surveyIds),
    await findRespondentSuppressions(db, workspaceId, all),
    await countSurveyCases(db, surveyIds),
  ];
  return { addresses: all, surveys, contacts, messages, suppressions, caseCount };
}

/** The holdings of the respondent an address names (the search, the export). */
export async function findRespondentHoldings(
  ctx: AppContext,
  actor: WorkspaceActor,
  contact: string,
): Promise<RespondentHoldings> {
  return findHoldings(
    ctx.db,
    actor.workspaceId,
    await matchOfContactText(ctx.db, actor.workspaceId, contact),
  );
}

export function countsOf(holdings: RespondentHoldings) {
  return {
    surveys: holdings.surveys.length,
    completedSurveys: holdings.surveys.filter((survey) => survey.state === 'COMPLETE').length,
    contacts: holdings.contacts.length,
    messages: holdings.messages.length,
    suppressions: holdings.suppressions.length,
    cases: holdings.caseCount,
  };
}

/** `GET /privacy/respondent?contact=`: what is held, counted per kind, with the surveys. */
export async function searchRespondent(
  ctx: AppContext,
  actor: WorkspaceActor,
  contact: string,
): Promise<PrivacyRespondent> {
  const holdings = await findRespondentHoldings(ctx, actor, contact);
  return {
    addresses: holdings.addresses,
    counts: countsOf(holdings),
    surveys: holdings.surveys.map((survey) => ({
      surveyId: survey.id,
      surveyTemplateName: survey.templateName,
      surveyState: survey.state,
      sentAt: survey.sentAt.toISOString(),
      completedAt: survey.completedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The keys an erased suppression entry is kept under: one per stored form of the address, so a
 * message to it in any form is still stopped.
 */
function erasedKeysOf(workspaceId: string, address: string): string[] {
  const forms = address.includes('@')
    ? [address]
    : [...new Set([address, phoneToE164(address), ...storedPhoneFormsOf(address)])];
  return forms.map((form) => erasedContactKey(workspaceId, form));
}

/** A contact import's file without the lines that name any of the addresses. */
function withoutLinesNaming(addresses: readonly string[]) {
  const emails = addresses.filter((address) => address.includes('@'));
  const digits = addresses.filter((address) => !address.includes('@')).map(toPhoneDigits);
  return (csv: string) =>
    csv
      .split(/\r?\n/)
      .filter((line, index) => {
        if (index === 0) return true;
        const lower = line.toLowerCase();
        const lineDigits = toPhoneDigits(line);
        return (
          !emails.some((email) => lower.includes(email)) &&
          !digits.some((number) => number.length >= 10 && lineDigits.includes(number))
        );
      })
      .join('\n');
}

/**
 * `POST /privacy/erasures` (admins): erases a respondent named by an address, a survey or a
 * contact, in one transaction that cannot be undone once it commits. Their surveys lose contact
 * methods, property values and free-text answers, keeping scale and choice answers as anonymous
 * figures, or are removed with their answers (`eraseAnswers`), the aggregates corrected either way;
 * their contacts are deleted; messages keep their status without address or content; suppression
 * entries become one-way keys, so an unsubscribed person stays unsubscribed.
 */
export async function eraseRespondent(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: EraseRespondentInput,
): Promise<ErasureResult> {
  const parsed = eraseRespondentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(issue?.message ?? 'Invalid request', {
      [String(issue?.path[0] ?? 'contact')]: issue?.message ?? '',
    });
  }
  const { eraseAnswers } = parsed.data;
  const workspaceId = actor.workspaceId;
  return ctx.db.transaction(async (tx) => {
    const holdings = await findHoldings(tx, workspaceId, await matchOf(tx, workspaceId, parsed.data));
    const surveyIds = holdings.surveys.map((survey) => survey.id);
    let surveysErased = 0;
    let surveysRemoved = 0;
    if (eraseAnswers) surveysRemoved = (await removeSurveys(tx, workspaceId, surveyIds)).removed;
    else surveysErased = await eraseSurveyPersonalData(tx, workspaceId, surveyIds);
    await deleteContacts(
      tx,
      workspaceId,
      holdings.contacts.map((contact) => contact.id),
    );
    await redactMessagesTo(tx, workspaceId, holdings.addresses);
    const suppressionsKept = await replaceSuppressionsWithKeys(
      tx,
      workspaceId,
      holdings.addresses,
      (address) => erasedKeysOf(workspaceId, address),
    );
    await eraseAddressTraces(tx, workspaceId, holdings.addresses, withoutLinesNaming(holdings.addresses));
    const result: ErasureResult = {
      eraseAnswers,
      surveysErased,
      surveysRemoved,
      contactsErased: holdings.contacts.length,
      messagesErased: holdings.messages.length,
      suppressionsKept,
    };
    // What and how many, never the erased values.
    await recordAudit(
      ctx,
      tx,
      actor,
      'respondent.erased',
      { type: 'respondent', label: 'Erased respondent' },
      { ...result },
    );
    return result;
  });
}
