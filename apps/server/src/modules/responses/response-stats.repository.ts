import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  responseAnswerStats,
  responseBenchmarkStats,
  responseDailyStats,
  responseQuestionStats,
  responseTemplateStats,
  responseWeeklyStats,
  surveys,
} from '../../db/schema/index.js';
import { lockedZoneOf } from './response-daily-stats.repository.js';

// The aggregates of decision 007, kept in the transactions that send and complete surveys. Every
// write is an upsert that adds to the row, so concurrent completions never lose a count; rows
// are written in one fixed order (table, then key) so two transactions cannot deadlock.

/** The composite's row in the benchmark table (question ids are UUIDs, never empty). */
export const compositeQuestionKey = '';

const byKey =
  <T>(key: (item: T) => string) =>
  (left: T, right: T) =>
    key(left) < key(right) ? -1 : 1;

/** Adds sent surveys to their templates' counts (single and bulk send). */
export async function addSentSurveys(
  db: Executor,
  sent: readonly { templateId: string; workspaceId: string }[],
): Promise<void> {
  const counts = new Map<string, { templateId: string; workspaceId: string; sentCount: number }>();
  for (const { templateId, workspaceId } of sent) {
    const row = counts.get(templateId) ?? { templateId, workspaceId, sentCount: 0 };
    row.sentCount += 1;
    counts.set(templateId, row);
  }
  if (counts.size === 0) return;
  await db
    .insert(responseTemplateStats)
    .values([...counts.values()].sort(byKey((row) => row.templateId)))
    .onConflictDoUpdate({
      target: responseTemplateStats.templateId,
      set: { sentCount: sql`${responseTemplateStats.sentCount} + excluded.sent_count` },
    });
}

// The sending days' and the templates' counts of the rows in `inserted`, a CTE of the statement.
const dailySent = sql`daily as (
      insert into ${responseDailyStats} (template_id, workspace_id, day, sent_count)
      select template_id, workspace_id, (sent_at at time zone ${lockedZoneOf(sql`inserted.workspace_id`)})::date,
        count(*)::int from inserted
      group by 1, 2, 3 order by 1, 3
      on conflict (template_id, day) do update
      set sent_count = ${responseDailyStats}.sent_count + excluded.sent_count
    )`;
const templatesSent = sql`insert into ${responseTemplateStats} (template_id, workspace_id, sent_count)
    select template_id, workspace_id, count(*)::int from inserted
    group by template_id, workspace_id order by template_id
    on conflict (template_id) do update
    set sent_count = ${responseTemplateStats}.sent_count + excluded.sent_count`;

/**
 * One statement that inserts surveys and adds them to their templates' sent counts and to their
 * sending days (the dashboard's daily rows, in the workspace's days: decision 035), answering the ids it inserted: `inserted`
 * is an insert into surveys returning `id`, `template_id`, `workspace_id` and `sent_at` (it may
 * insert fewer rows than it was given). A single statement is its own transaction, so the public
 * links' batches commit in one round trip instead of several.
 */
export function insertCountingSent(inserted: SQLWrapper): SQL {
  // The insert's own SQL: a query builder placed in `sql` would be wrapped in parentheses, which a
  // data-modifying CTE does not accept.
  return sql`with inserted as (${inserted.getSQL()}), ${dailySent}, totals as (${templatesSent})
    select id from inserted`;
}

/** Takes surveys that were deleted unanswered (public links' clean-up) out of their templates' counts. */
export async function removeSentSurveys(
  db: Executor,
  removed: readonly { templateId: string }[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const { templateId } of removed) counts.set(templateId, (counts.get(templateId) ?? 0) + 1);
  for (const [templateId, count] of [...counts].sort(([left], [right]) => (left < right ? -1 : 1))) {
    await db
      .update(responseTemplateStats)
      .set({ sentCount: sql`greatest(${responseTemplateStats.sentCount} - ${count}, 0)` })
      .where(eq(responseTemplateStats.templateId, templateId));
  }
}

export interface CompletionStats {
  templateId: string;
  workspaceId: string;
  baseTemplateId: string | null;
  /** Monday of the completion's week, YYYY-MM-DD (UTC). */
  weekStart: string;
  compositePercentage: number | null;
  /** Every answered question, with its percentage when it is a scale. */
  questions: { questionId: string; percentage: number | null; answerValues: string[] }[];
}

/** Adds one completed survey to every aggregate. */
export async function addCompletion(db: Executor, stats: CompletionStats): Promise<void> {
  const { templateId, workspaceId, compositePercentage } = stats;
  const hasComposite = compositePercentage !== null;
  await db
    .insert(responseTemplateStats)
    .values({
      templateId,
      workspaceId,
      completedCount: 1,
      compositeCount: hasComposite ? 1 : 0,
      compositeSum: compositePercentage ?? 0,
    })
    .onConflictDoUpdate({
      target: responseTemplateStats.templateId,
      set: {
        completedCount: sql`${responseTemplateStats.completedCount} + 1`,
        compositeCount: sql`${responseTemplateStats.compositeCount} + excluded.composite_count`,
        compositeSum: sql`${responseTemplateStats.compositeSum} + excluded.composite_sum`,
      },
    });
  const questions = [...stats.questions].sort(byKey((question) => question.questionId));
  if (questions.length > 0) {
    await db
      .insert(responseQuestionStats)
      .values(
        questions.map((question) => ({
          templateId,
          questionId: question.questionId,
          workspaceId,
          responseCount: 1,
          scoredCount: question.percentage === null ? 0 : 1,
          percentageSum: question.percentage ?? 0,
        })),
      )
      .onConflictDoUpdate({
        target: [responseQuestionStats.templateId, responseQuestionStats.questionId],
        set: {
          responseCount: sql`${responseQuestionStats.responseCount} + 1`,
          scoredCount: sql`${responseQuestionStats.scoredCount} + excluded.scored_count`,
          percentageSum: sql`${responseQuestionStats.percentageSum} + excluded.percentage_sum`,
        },
      });
  }
  const answers = questions
    .flatMap((question) =>
      [...new Set(question.answerValues)].map((answerValue) => ({
        templateId,
        questionId: question.questionId,
        answerValue,
        workspaceId,
        count: 1,
      })),
    )
    .sort(byKey((row) => `${row.questionId}\u0000${row.answerValue}`));
  if (answers.length > 0) {
    await db
      .insert(responseAnswerStats)
      .values(answers)
      .onConflictDoUpdate({
        target: [
          responseAnswerStats.templateId,
          responseAnswerStats.questionId,
          responseAnswerStats.answerValue,
        ],
        set: { count: sql`${responseAnswerStats.count} + 1` },
      });
  }
  if (hasComposite) {
    await db
      .insert(responseWeeklyStats)
      .values({
        templateId,
        weekStart: stats.weekStart,
        workspaceId,
        count: 1,
        percentageSum: compositePercentage,
      })
      .onConflictDoUpdate({
        target: [responseWeeklyStats.templateId, responseWeeklyStats.weekStart],
        set: {
          count: sql`${responseWeeklyStats.count} + 1`,
          percentageSum: sql`${responseWeeklyStats.percentageSum} + excluded.percentage_sum`,
        },
      });
  }
  if (stats.baseTemplateId) {
    const benchmark = [
      ...(hasComposite ? [{ questionId: compositeQuestionKey, percentage: compositePercentage }] : []),
      ...questions.flatMap((question) =>
        question.percentage === null
          ? []
          : [{ questionId: question.questionId, percentage: question.percentage }],
      ),
    ];
    if (benchmark.length > 0) {
      await db
        .insert(responseBenchmarkStats)
        .values(
          benchmark.map((row) => ({
            baseTemplateId: stats.baseTemplateId!,
            questionId: row.questionId,
            workspaceId,
            count: 1,
            percentageSum: row.percentage,
          })),
        )
        .onConflictDoUpdate({
          target: [
            responseBenchmarkStats.baseTemplateId,
            responseBenchmarkStats.questionId,
            responseBenchmarkStats.workspaceId,
          ],
          set: {
            count: sql`${responseBenchmarkStats.count} + 1`,
            percentageSum: sql`${responseBenchmarkStats.percentageSum} + excluded.percentage_sum`,
          },
        });
    }
  }
}

export async function storeSurveyScores(
  db: Executor,
  surveyId: string,
  scores: {
    compositePercentage: number | null;
    questionScores: { questionId: string; score: number; percentage: number }[];
    scoredQuestionCount: number;
  },
): Promise<{ sentAt: Date } | undefined> {
  const [row] = await db
    .update(surveys)
    .set(scores)
    .where(eq(surveys.id, surveyId))
    .returning({ sentAt: surveys.sentAt });
  return row;
}

// ---- reading ----

export async function findTemplateStats(db: Executor, templateId: string) {
  const [row] = await db
    .select()
    .from(responseTemplateStats)
    .where(eq(responseTemplateStats.templateId, templateId));
  return row;
}

export async function findQuestionStats(db: Executor, templateId: string, questionId?: string) {
  return db
    .select()
    .from(responseQuestionStats)
    .where(
      and(
        eq(responseQuestionStats.templateId, templateId),
        questionId === undefined ? undefined : eq(responseQuestionStats.questionId, questionId),
      ),
    );
}

export async function findAnswerStats(db: Executor, templateId: string, questionId?: string) {
  return db
    .select({
      questionId: responseAnswerStats.questionId,
      answerValue: responseAnswerStats.answerValue,
      count: responseAnswerStats.count,
    })
    .from(responseAnswerStats)
    .where(
      and(
        eq(responseAnswerStats.templateId, templateId),
        questionId === undefined ? undefined : eq(responseAnswerStats.questionId, questionId),
      ),
    );
}

export async function findWeeklyStats(db: Executor, templateId: string) {
  return db
    .select({
      weekStart: responseWeeklyStats.weekStart,
      count: responseWeeklyStats.count,
      percentageSum: responseWeeklyStats.percentageSum,
    })
    .from(responseWeeklyStats)
    .where(eq(responseWeeklyStats.templateId, templateId))
    .orderBy(responseWeeklyStats.weekStart);
}

export interface BenchmarkTotals {
  count: number;
  percentageSum: number;
  workspaceCount: number;
}

/**
 * The benchmark sums of a base template by question ('' for the composite), over every
 * workspace: only these totals leave this function, never a workspace's own figures.
 */
export async function findBenchmarkTotals(
  db: Executor,
  baseTemplateId: string,
  questionIds?: string[],
): Promise<Map<string, BenchmarkTotals>> {
  const rows = await db
    .select({
      questionId: responseBenchmarkStats.questionId,
      count: sql<number>`sum(${responseBenchmarkStats.count})::int`,
      percentageSum: sql<number>`sum(${responseBenchmarkStats.percentageSum})::float8`,
      workspaceCount: sql<number>`count(*) filter (where ${responseBenchmarkStats.count} > 0)::int`,
    })
    .from(responseBenchmarkStats)
    .where(
      and(
        eq(responseBenchmarkStats.baseTemplateId, baseTemplateId),
        questionIds ? inArray(responseBenchmarkStats.questionId, questionIds) : undefined,
      ),
    )
    .groupBy(responseBenchmarkStats.questionId);
  return new Map(
    rows.map((row) => [
      row.questionId,
      {
        count: Number(row.count),
        percentageSum: Number(row.percentageSum),
        workspaceCount: Number(row.workspaceCount),
      },
    ]),
  );
}
