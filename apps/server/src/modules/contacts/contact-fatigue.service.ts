import { type ContactSettings, contactSettingsSchema, defaultFatigueDays } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invalid } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { ContactFacts } from './contact-records.service.js';
import {
  findFatigueDays,
  findSurveyedSince,
  insertMissingContacts,
  saveFatigueDays,
} from './contacts.repository.js';

// The fatigue rule (decision 038): no contact is sent a survey more than once in the workspace's
// fatigue days, across all templates. Every send path asks here before it writes.

const dayMs = 24 * 60 * 60 * 1000;

export async function loadFatigueDays(db: Executor, workspaceId: string): Promise<number> {
  return (await findFatigueDays(db, workspaceId)) ?? defaultFatigueDays;
}

/** "04/15/2026", as the staff app shows days. */
function dayOf(date: Date): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

function fatigueMessage(lastSurveyedAt: Date, fatigueDays: number): string {
  return `Surveyed on ${dayOf(lastSurveyedAt)}: this workspace surveys a contact at most once every ${fatigueDays} days.`;
}

export function repeatedContactMessage(row: number, fatigueDays: number): string {
  return `The same contact as row ${row}: this workspace surveys a contact at most once every ${fatigueDays} days.`;
}

/**
 * Why each fact's person may not be surveyed now (undefined: they may): surveyed within the
 * fatigue days. With `lock`, in the caller's transaction, the people not known yet get their
 * contact first (upsert, then check: decision 047) and every contact stays locked until it ends,
 * so two sends to one person, known or brand-new, cannot both pass.
 */
export async function findFatigue(
  db: Executor,
  workspaceId: string,
  facts: readonly Pick<ContactFacts, 'emailAddress' | 'phoneNumber'>[],
  now: Date,
  options: { lock?: boolean; fatigueDays?: number } = {},
): Promise<(string | undefined)[]> {
  const fatigueDays = options.fatigueDays ?? (await loadFatigueDays(db, workspaceId));
  if (fatigueDays === 0) return facts.map(() => undefined);
  const since = new Date(now.getTime() - fatigueDays * dayMs);
  if (options.lock) await insertMissingContacts(db, workspaceId, [...facts], now);
  const rows = await findSurveyedSince(
    db,
    workspaceId,
    facts.flatMap((fact) => (fact.emailAddress ? [fact.emailAddress] : [])),
    facts.flatMap((fact) => (fact.phoneNumber ? [fact.phoneNumber] : [])),
    since,
    options.lock ?? false,
  );
  const byEmail = new Map(rows.flatMap((row) => (row.emailAddress ? [[row.emailAddress, row]] : [])));
  const byPhone = new Map(rows.flatMap((row) => (row.phoneNumber ? [[row.phoneNumber, row]] : [])));
  return facts.map((fact) => {
    const found =
      (fact.emailAddress ? byEmail.get(fact.emailAddress) : undefined) ??
      (fact.phoneNumber ? byPhone.get(fact.phoneNumber) : undefined);
    return found?.lastSurveyedAt ? fatigueMessage(found.lastSurveyedAt, fatigueDays) : undefined;
  });
}

/** `GET /workspace/contact-settings`. */
export async function getContactSettings(ctx: AppContext, actor: WorkspaceActor): Promise<ContactSettings> {
  return { fatigueDays: await loadFatigueDays(ctx.db, actor.workspaceId) };
}

/** `PUT /workspace/contact-settings` (admins): the fatigue rule's days, 0 for no limit. */
export async function updateContactSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: ContactSettings,
): Promise<ContactSettings> {
  const parsed = contactSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter a number of days';
    throw invalid(message, { fatigueDays: message });
  }
  const { workspaceId } = actor;
  return ctx.db.transaction(async (tx) => {
    const before = await loadFatigueDays(tx, workspaceId);
    await saveFatigueDays(tx, workspaceId, parsed.data.fatigueDays, ctx.now());
    await recordAudit(
      ctx,
      tx,
      actor,
      'contact-settings.changed',
      { type: 'workspace', id: workspaceId },
      { before: { fatigueDays: before }, after: parsed.data },
    );
    return parsed.data;
  });
}
