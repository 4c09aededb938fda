import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  caseEvents,
  cases,
  surveyAlerts,
  surveys,
  templates,
  templateVersions,
} from '../../db/schema/index.js';

// Queries of follow-up cases (decision 019). A case's list row joins what the inbox shows in the same
// statement: the alert's name, the template's, the respondent's properties and the assignee.

export type CaseRow = typeof cases.$inferSelect;
export type NewCaseRow = typeof cases.$inferInsert;
export type NewCaseEventRow = typeof caseEvents.$inferInsert;

const assignee = alias(accounts, 'assignee');

const listColumns = {
  case: getTableColumns(cases),
  alertName: surveyAlerts.alertName,
  templateName: templates.name,
  templateVersionId: surveys.templateVersionId,
  definitionProperties: sql<unknown>`${templateVersions.definition}->'properties'`,
  surveyProperties: surveys.properties,
  contactMethods: surveys.contactMethods,
  assignee: {
    accountId: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    emailAddress: assignee.emailAddress,
  },
};

export type CaseListRow = Awaited<ReturnType<typeof selectCases>>[number];

function selectCases(db: Executor, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(cases)
    .innerJoin(surveyAlerts, eq(surveyAlerts.id, cases.surveyAlertId))
    .innerJoin(templates, eq(templates.id, cases.templateId))
    .innerJoin(surveys, eq(surveys.id, cases.surveyId))
    .innerJoin(templateVersions, eq(templateVersions.id, surveys.templateVersionId))
    .leftJoin(assignee, eq(assignee.id, cases.assigneeAccountId))
    .where(where)
    .$dynamic();
}

export interface CaseConditions {
  workspaceId: string;
  status?: CaseRow['status'] | undefined;
  /** An account id, or null for cases nobody owns. */
  assigneeAccountId?: string | null | undefined;
  templateId?: string | undefined;
  surveyId?: string | undefined;
  /** true: due and still open; false: not overdue. */
  isOverdue?: boolean | undefined;
  openedFrom?: Date | undefined;
  openedBefore?: Date | undefined;
  now: Date;
}

const openStatuses = sql`${cases.status} in ('open', 'in_progress')`;

function conditionsOf(filters: CaseConditions): SQL | undefined {
  const now = sql`${filters.now.toISOString()}::timestamptz`;
  const overdue = sql`(${openStatuses} and ${cases.dueAt} <= ${now})`;
  return and(
    eq(cases.workspaceId, filters.workspaceId),
    filters.status ? eq(cases.status, filters.status) : undefined,
    filters.assigneeAccountId === null ? isNull(cases.assigneeAccountId) : undefined,
    filters.assigneeAccountId ? eq(cases.assigneeAccountId, filters.assigneeAccountId) : undefined,
    filters.templateId ? eq(cases.templateId, filters.templateId) : undefined,
    filters.surveyId ? eq(cases.surveyId, filters.surveyId) : undefined,
    filters.isOverdue === true ? overdue : undefined,
    filters.isOverdue === false ? sql`not coalesce(${overdue}, false)` : undefined,
    filters.openedFrom
      ? sql`${cases.openedAt} >= ${filters.openedFrom.toISOString()}::timestamptz`
      : undefined,
    filters.openedBefore
      ? sql`${cases.openedAt} < ${filters.openedBefore.toISOString()}::timestamptz`
      : undefined,
  );
}

/** One page of the workspace's cases, newest opened first, and how many match. */
export async function findCasePage(
  db: Executor,
  filters: CaseConditions,
  page: { limit: number; offset: number },
): Promise<{ rows: CaseListRow[]; total: number }> {
  const where = conditionsOf(filters);
  const [rows, [counted]] = await Promise.all([
    selectCases(db, where)
      .orderBy(desc(cases.openedAt), desc(cases.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(cases).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findCaseRows(db: Executor, workspaceId: string, ids: string[]): Promise<CaseListRow[]> {
  if (ids.length === 0) return [];
  return selectCases(db, and(eq(cases.workspaceId, workspaceId), inArray(cases.id, ids))).orderBy(
    desc(cases.openedAt),
    desc(cases.id),
  );
}

/** The workspace's cases among `ids`, locked for the caller's transaction. */
export async function lockCases(tx: Executor, workspaceId: string, ids: string[]): Promise<CaseRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), inArray(cases.id, ids)))
    .orderBy(asc(cases.id))
    .for('update');
}

/** Opens a case; answers nothing when the survey alert already has one. */
export async function insertCase(tx: Executor, row: NewCaseRow): Promise<CaseRow | undefined> {
  const [inserted] = await tx.insert(cases).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateCaseRow(
  tx: Executor,
  id: string,
  changes: Partial<Pick<NewCaseRow, 'status' | 'assigneeAccountId' | 'firstResponseAt' | 'resolvedAt'>>,
  now: Date,
): Promise<void> {
  await tx
    .update(cases)
    .set({ ...changes, updatedAt: now })
    .where(eq(cases.id, id));
}

export async function insertCaseEvents(tx: Executor, rows: NewCaseEventRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(caseEvents).values(rows).onConflictDoNothing();
}

const actor = alias(accounts, 'actor');

export async function findCaseEvents(db: Executor, caseId: string) {
  return db
    .select({
      event: getTableColumns(caseEvents),
      actor: {
        accountId: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
        emailAddress: actor.emailAddress,
      },
    })
    .from(caseEvents)
    .leftJoin(actor, eq(actor.id, caseEvents.actorAccountId))
    .where(eq(caseEvents.caseId, caseId))
    .orderBy(asc(caseEvents.createdAt), asc(caseEvents.sequence));
}

/**
 * Claims up to `limit` overdue cases not escalated yet, marking them escalated in the same statement,
 * so each is escalated once whatever the number of workers.
 */
export async function claimOverdueCases(db: Executor, now: Date, limit: number): Promise<CaseRow[]> {
  const due = db
    .select({ id: cases.id })
    .from(cases)
    .where(and(isNull(cases.escalatedAt), openStatuses, lte(cases.dueAt, now)))
    .orderBy(asc(cases.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(cases).set({ escalatedAt: now, updatedAt: now }).where(inArray(cases.id, due)).returning();
}

/** The figures of the responses summary, over the workspace's cases (of one template when given). */
export async function findCaseFigures(db: Executor, workspaceId: string, templateId: string | undefined) {
  const [row] = await db
    .select({
      opened: sql<number>`count(*)::int`,
      resolved: sql<number>`(count(*) filter (where ${cases.status} = 'resolved'))::int`,
      medianSecondsToFirstResponse: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${cases.firstResponseAt} - ${cases.openedAt}))`,
      medianSecondsToResolution: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${cases.resolvedAt} - ${cases.openedAt})) filter (where ${cases.status} = 'resolved')`,
    })
    .from(cases)
    .where(
      and(eq(cases.workspaceId, workspaceId), templateId ? eq(cases.templateId, templateId) : undefined),
    );
  return row!;
}

/**
 * The replies (case, outbox id) not known to have failed: of these cases, or sent since `since`.
 */
export async function findRepliesWithoutFailure(
  db: Executor,
  scope: { caseIds: string[] } | { since: Date },
): Promise<{ caseId: string; outboxId: string }[]> {
  const failed = alias(caseEvents, 'failed');
  const rows = await db
    .select({ caseId: caseEvents.caseId, outboxId: sql<string>`${caseEvents.details}->>'outboxId'` })
    .from(caseEvents)
    .leftJoin(
      failed,
      and(
        eq(failed.caseId, caseEvents.caseId),
        eq(failed.type, 'reply_failed'),
        sql`${failed.details}->>'outboxId' = ${caseEvents.details}->>'outboxId'`,
      ),
    )
    .where(
      and(
        eq(caseEvents.type, 'reply_sent'),
        isNull(failed.id),
        'caseIds' in scope
          ? inArray(caseEvents.caseId, scope.caseIds)
          : sql`${caseEvents.createdAt} >= ${scope.since.toISOString()}::timestamptz`,
      ),
    );
  return rows.filter((row) => row.outboxId);
}

/** The workspace's cases still open (open or in progress) and, among them, the overdue ones. */
export async function countOpenCases(
  db: Executor,
  workspaceId: string,
  now: Date,
  templateIds?: readonly string[],
): Promise<{ open: number; overdue: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${cases.dueAt} <= ${now.toISOString()}::timestamptz))::int`,
    })
    .from(cases)
    .where(
      and(
        eq(cases.workspaceId, workspaceId),
        openStatuses,
        templateIds ? inArray(cases.templateId, [...templateIds]) : undefined,
      ),
    );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}
