import { randomUUID } from 'node:crypto';
import type { ContactMethod, SurveyPropertyValues } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { contactFactsOf, recordContacts } from '../contacts/contact-records.service.js';
import {
  forgetSentSurveys,
  insertAndRecordSentSurveys,
  recordSentSurveys,
} from '../responses/response-aggregates.service.js';
import {
  countCompletedLinkSurveysUpTo,
  countLinkSurveysByState,
  countLinkSurveysSince,
  deleteUnansweredLinkSurveys,
  findLinkSurvey,
  hasCompletedLinkSurveyFor,
  insertLinkSurveyRows,
  insertLinkSurveysReturningTemplates,
} from './link-surveys.repository.js';

// What the public-links module asks of surveys (docs/decisions/024-public-links.md): surveys
// created by a link, the counts its limits read, and the clean-up of unanswered ones.

export interface NewLinkSurvey {
  workspaceId: string;
  templateId: string;
  templateVersionId: string;
  sourceLinkId: string;
  contactMethods: ContactMethod[];
  properties: SurveyPropertyValues;
  expiresAt: Date;
  /** The link's maximum of completed responses, checked as the survey is inserted (null: none). */
  completedUpTo: number | null;
}

/**
 * Inserts surveys created by public links and counts them in their templates' sent totals, in
 * one statement (atomic, one round trip): the link start gathers concurrent visitors into one
 * write (one commit, one update of each template's totals row instead of one per visitor).
 * Nobody sent them, so no invitation and no reminder: `next_reminder_at` null. Answers the new
 * ids in order, null for a survey its link's maximum of completed responses refused.
 */
export async function insertLinkSurveys(
  ctx: AppContext,
  surveys: readonly NewLinkSurvey[],
  now: Date,
): Promise<(string | null)[]> {
  const contactIds = await linkSurveyContacts(ctx.db, surveys, now);
  const rows = surveys.map((survey, index) => ({
    ...survey,
    id: randomUUID(),
    sentAt: now,
    contactId: contactIds[index] ?? null,
  }));
  const inserted = await insertAndRecordSentSurveys(ctx.db, insertLinkSurveysReturningTemplates(rows));
  return rows.map((row) => (inserted.has(row.id) ? row.id : null));
}

/**
 * The contacts of link surveys that carry one (the link's contact parameters, decision 038), by
 * workspace; surveys without a contact cost nothing.
 */
async function linkSurveyContacts(
  db: Executor,
  surveys: readonly NewLinkSurvey[],
  now: Date,
): Promise<(string | undefined)[]> {
  const ids: (string | undefined)[] = surveys.map(() => undefined);
  const byWorkspace = new Map<string, number[]>();
  surveys.forEach((survey, index) => {
    if (survey.contactMethods.length === 0) return;
    byWorkspace.set(survey.workspaceId, [...(byWorkspace.get(survey.workspaceId) ?? []), index]);
  });
  for (const [workspaceId, indexes] of byWorkspace) {
    const found = await recordContacts(
      db,
      workspaceId,
      indexes.map((index) => contactFactsOf(surveys[index]!.contactMethods, now)),
      now,
    );
    indexes.forEach((index, position) => {
      ids[index] = found[position];
    });
  }
  return ids;
}

/**
 * One survey, in the caller's transaction (a link with an hourly cap creates them one at a time
 * under its lock), or null when its link's maximum of completed responses is reached.
 */
export async function insertLinkSurvey(
  db: Executor,
  { completedUpTo, ...survey }: NewLinkSurvey,
  now: Date,
): Promise<string | null> {
  if (completedUpTo !== null) {
    const counts = await countCompletedLinkSurveysUpTo(db, [
      { linkId: survey.sourceLinkId, upTo: completedUpTo },
    ]);
    if ((counts.get(survey.sourceLinkId) ?? 0) >= completedUpTo) return null;
  }
  const id = randomUUID();
  const [contactId] = await linkSurveyContacts(db, [{ ...survey, completedUpTo }], now);
  await insertLinkSurveyRows(db, [
    {
      ...survey,
      id,
      state: 'SENT',
      responses: {},
      sentAt: now,
      nextReminderAt: null,
      contactId: contactId ?? null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await recordSentSurveys(db, [{ ...survey, sentAt: now }]);
  return id;
}

/** A survey of this link (state and expiry), or undefined: the browser's cookie may name any id. */
export function findLinkSurveyState(db: Executor, linkId: string, surveyId: string) {
  return findLinkSurvey(db, linkId, surveyId);
}

export function countCreatedByLinkSince(db: Executor, linkId: string, since: Date): Promise<number> {
  return countLinkSurveysSince(db, linkId, since);
}

export function hasCompletedForContact(
  db: Executor,
  linkId: string,
  contactMethods: readonly ContactMethod[],
): Promise<boolean> {
  return hasCompletedLinkSurveyFor(db, linkId, contactMethods);
}

/** Started (answered at least once) and completed surveys by link. */
export async function countSurveysOfLinks(
  db: Executor,
  linkIds: string[],
): Promise<Map<string, { started: number; completed: number; total: number }>> {
  const rows = await countLinkSurveysByState(db, linkIds);
  return new Map(rows.map((row) => [row.linkId, row]));
}

const unansweredLifetimeMs = 24 * 60 * 60 * 1000;
const purgeBatchSize = 1000;

/**
 * Deletes the surveys that links created more than a day ago and nobody answered (SENT or
 * OPENED), taking them out of their templates' totals; a batch per transaction.
 */
export async function purgeUnansweredLinkSurveys(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - unansweredLifetimeMs);
  let purged = 0;
  for (;;) {
    const removed = await ctx.db.transaction(async (tx) => {
      const rows = await deleteUnansweredLinkSurveys(tx, before, purgeBatchSize);
      await forgetSentSurveys(tx, rows);
      return rows.length;
    });
    purged += removed;
    if (removed < purgeBatchSize) return purged;
  }
}
