import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  notificationSettings,
  reportDigestSends,
  reportSubscriptions,
  surveys,
  templates,
  templateVersions,
  workspaceMembers,
} from '../../db/schema/index.js';

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

/** A subscription with its subscriber and template, as the list shows it. */
const listedColumns = {
  subscription: reportSubscriptions,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  emailAddress: accounts.emailAddress,
  templateName: templates.name,
};

export type ListedSubscription = {
  subscription: SubscriptionRow;
  firstName: string;
  lastName: string;
  emailAddress: string;
  templateName: string | null;
};

/**
 * A workspace's subscriptions (one account's, when given) whose subscriber is still an active
 * member: a removed member's digests stop, and show again if they are reactivated.
 */
export async function findSubscriptions(
  db: Executor,
  workspaceId: string,
  accountId?: string,
): Promise<ListedSubscription[]> {
  return db
    .select(listedColumns)
    .from(reportSubscriptions)
    .innerJoin(accounts, eq(accounts.id, reportSubscriptions.accountId))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, reportSubscriptions.workspaceId),
        eq(workspaceMembers.accountId, reportSubscriptions.accountId),
      ),
    )
    .leftJoin(templates, eq(templates.id, reportSubscriptions.templateId))
    .where(
      and(
        eq(reportSubscriptions.workspaceId, workspaceId),
        accountId ? eq(reportSubscriptions.accountId, accountId) : undefined,
        eq(workspaceMembers.isActive, true),
        eq(accounts.isActive, true),
      ),
    )
    .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(reportSubscriptions.createdAt));
}

export async function findSubscription(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<ListedSubscription | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(reportSubscriptions)
    .innerJoin(accounts, eq(accounts.id, reportSubscriptions.accountId))
    .leftJoin(templates, eq(templates.id, reportSubscriptions.templateId))
    .where(and(eq(reportSubscriptions.workspaceId, workspaceId), eq(reportSubscriptions.id, id)));
  return row;
}

/** Inserts a subscription; answers undefined when the member already has that one. */
export async function insertSubscription(
  db: Executor,
  values: typeof reportSubscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.insert(reportSubscriptions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteSubscription(db: Executor, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(reportSubscriptions)
    .where(and(eq(reportSubscriptions.workspaceId, workspaceId), eq(reportSubscriptions.id, id)))
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}

/** A template of the workspace (survey templates only), or undefined. */
export async function findWorkspaceTemplate(db: Executor, workspaceId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(
      and(eq(templates.id, templateId), eq(templates.workspaceId, workspaceId), eq(templates.kind, 'survey')),
    );
  return row;
}

export interface ScheduledSubscription {
  id: string;
  workspaceId: string;
  frequency: SubscriptionRow['frequency'];
  createdAt: Date;
  timeZone: string;
}

/** Every subscription whose subscriber is an active member with an active account, with its time zone. */
export async function findScheduledSubscriptions(db: Executor): Promise<ScheduledSubscription[]> {
  return db
    .select({
      id: reportSubscriptions.id,
      workspaceId: reportSubscriptions.workspaceId,
      frequency: reportSubscriptions.frequency,
      createdAt: reportSubscriptions.createdAt,
      timeZone: sql<string>`coalesce(${notificationSettings.timeZone}, 'UTC')`,
    })
    .from(reportSubscriptions)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, reportSubscriptions.workspaceId),
        eq(workspaceMembers.accountId, reportSubscriptions.accountId),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, reportSubscriptions.accountId))
    .leftJoin(notificationSettings, eq(notificationSettings.workspaceId, reportSubscriptions.workspaceId))
    .where(
      and(
        eq(workspaceMembers.isActive, true),
        eq(accounts.isActive, true),
        // A workspace waiting to be deleted sends no digest (decision 044).
        sql`not exists (select 1 from workspaces w where w.id = ${reportSubscriptions.workspaceId} and w.deletion_due_at is not null)`,
      ),
    );
}

/** Of these (subscription, period) pairs, those already sent, as "id\nperiodStart". */
export async function findSentDigests(
  db: Executor,
  pairs: { subscriptionId: string; periodStart: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ subscriptionId: reportDigestSends.subscriptionId, periodStart: reportDigestSends.periodStart })
    .from(reportDigestSends)
    .where(
      or(
        ...pairs.map((pair) =>
          and(
            eq(reportDigestSends.subscriptionId, pair.subscriptionId),
            eq(reportDigestSends.periodStart, pair.periodStart),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.subscriptionId}\n${row.periodStart}`));
}

/**
 * Takes the (subscription, period) key: true when this transaction took it, false when another
 * already has (it waits for that one to commit or roll back).
 */
export async function takeDigestSend(
  db: Executor,
  values: { subscriptionId: string; periodStart: string; workspaceId: string; sentAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(reportDigestSends)
    .values(values)
    .onConflictDoNothing()
    .returning({ subscriptionId: reportDigestSends.subscriptionId });
  return rows.length > 0;
}

export async function recordDigestMessage(
  db: Executor,
  key: { subscriptionId: string; periodStart: string },
  outboxMessageId: string,
): Promise<void> {
  await db
    .update(reportDigestSends)
    .set({ outboxMessageId })
    .where(
      and(
        eq(reportDigestSends.subscriptionId, key.subscriptionId),
        eq(reportDigestSends.periodStart, key.periodStart),
      ),
    );
}

/** A subscription with what its digest needs: the subscriber, whether they are still active, the template. */
export async function findDigestSubscription(db: Executor, id: string) {
  const [row] = await db
    .select({
      subscription: reportSubscriptions,
      emailAddress: accounts.emailAddress,
      firstName: accounts.firstName,
      isActive: sql<boolean>`${accounts.isActive} and coalesce(${workspaceMembers.isActive}, false)`,
      templateName: templates.name,
      timeZone: sql<string>`coalesce(${notificationSettings.timeZone}, 'UTC')`,
    })
    .from(reportSubscriptions)
    .innerJoin(accounts, eq(accounts.id, reportSubscriptions.accountId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, reportSubscriptions.workspaceId),
        eq(workspaceMembers.accountId, reportSubscriptions.accountId),
      ),
    )
    .leftJoin(templates, eq(templates.id, reportSubscriptions.templateId))
    .leftJoin(notificationSettings, eq(notificationSettings.workspaceId, reportSubscriptions.workspaceId))
    .where(eq(reportSubscriptions.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// What a digest shows besides its figures: completions over time and comments.

export interface SurveyScope {
  workspaceId: string;
  templateIds?: string[] | undefined;
}

function completedIn(scope: SurveyScope, from: Date, to: Date): SQL {
  return and(
    eq(surveys.workspaceId, scope.workspaceId),
    scope.templateIds ? inArray(surveys.templateId, scope.templateIds) : undefined,
    eq(surveys.state, 'COMPLETE'),
    gte(surveys.completedAt, from),
    lt(surveys.completedAt, to),
  )!;
}

/** The template versions of the surveys completed in the range. */
export async function findCompletedVersionIds(
  db: Executor,
  scope: SurveyScope,
  from: Date,
  to: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: surveys.templateVersionId })
    .from(surveys)
    .where(completedIn(scope, from, to))
    .groupBy(surveys.templateVersionId);
  return rows.map((row) => row.id);
}

/**
 * Text answers to these questions from the range's completed surveys: the lowest composite
 * score first (the surveys that most need reading), then the most recent.
 */
export async function findTextAnswers(
  db: Executor,
  scope: SurveyScope,
  from: Date,
  to: Date,
  questionIds: string[],
  limit: number,
): Promise<{ surveyId: string; questionId: string; text: string; compositePercentage: number | null }[]> {
  if (questionIds.length === 0) return [];
  const answer = sql.raw('answer');
  return db
    .select({
      // Raw fragments: the query builder checks plain columns against a FROM it can read.
      surveyId: sql<string>`${surveys.id}`,
      questionId: sql<string>`${answer}.key`,
      text: sql<string>`${answer}.value #>> '{}'`,
      compositePercentage: sql<number | null>`${surveys.compositePercentage}`,
    })
    .from(sql`${surveys} cross join lateral jsonb_each(${surveys.responses}) as answer(key, value)`)
    .where(
      and(
        completedIn(scope, from, to),
        sql`${answer}.key = any(${`{${questionIds.join(',')}}`}::text[])`,
        sql`jsonb_typeof(${answer}.value) = 'string'`,
        sql`length(trim(${answer}.value #>> '{}')) > 0`,
      ),
    )
    .orderBy(sql`${surveys.compositePercentage} asc nulls last`, desc(surveys.completedAt), asc(surveys.id))
    .limit(limit);
}

/** The version the link back opens: the published one, else the newest (responses span every version). */
export async function findLinkVersionId(db: Executor, templateId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: templateVersions.id })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(sql`${templateVersions.state} = 'PUBLISHED' desc`, desc(templateVersions.versionNumber))
    .limit(1);
  return row?.id;
}
