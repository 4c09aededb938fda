import { netPromoterScore } from '@graphium/shared';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';

// A digest's headline figures (docs/decisions/031-scheduled-reports.md), computed from the surveys
// table: kept apart, behind one function, so the dashboard's figures service can take its place.

export interface HeadlineFigures {
  /** Surveys completed in the period. */
  completed: number;
  /** Surveys sent (or started from a public link) in the period. */
  sent: number;
  /** Of those sent in the period, the share completed by its end, 0..100; null when none were sent. */
  responseRate: number | null;
  /** The NPS (-100..100) over every NPS answer of the period's completed surveys; null without one. */
  nps: number | null;
  npsAnswers: number;
  /** The mean composite score (0..100) of the period's completed surveys that have one. */
  compositeScore: number | null;
  compositeAnswers: number;
}

export interface DigestFiguresInput {
  workspaceId: string;
  /** Only these templates; absent: every template of the workspace. */
  templateIds?: string[];
  from: Date;
  to: Date;
  /** Where the previous period starts (it ends at `from`); by default it is as long as this one. */
  previousFrom?: Date;
}

function scopeOf(input: DigestFiguresInput): SQL {
  return and(
    eq(surveys.workspaceId, input.workspaceId),
    input.templateIds ? inArray(surveys.templateId, input.templateIds) : undefined,
  )!;
}

/** The NetPromoterScore questions of the versions completed in the range, by id. */
async function npsQuestionIds(db: Executor, input: DigestFiguresInput, from: Date): Promise<string[]> {
  const versions = await db
    .select({ id: surveys.templateVersionId })
    .from(surveys)
    .where(
      and(
        scopeOf(input),
        eq(surveys.state, 'COMPLETE'),
        gte(surveys.completedAt, from),
        lt(surveys.completedAt, input.to),
      ),
    )
    .groupBy(surveys.templateVersionId);
  const ids = new Set<string>();
  for (const { id } of versions) {
    const definition = await loadVersionDefinition(db, id);
    for (const question of definition.questions)
      if (question.type === 'NetPromoterScore') ids.add(question.id);
  }
  return [...ids];
}

async function figuresOf(
  db: Executor,
  input: DigestFiguresInput,
  from: Date,
  to: Date,
  npsIds: string[],
): Promise<HeadlineFigures> {
  const completedIn = and(
    scopeOf(input),
    eq(surveys.state, 'COMPLETE'),
    gte(surveys.completedAt, from),
    lt(surveys.completedAt, to),
  );
  const [completed] = await db
    .select({
      completed: sql<number>`count(*)::int`,
      compositeSum: sql<number | null>`sum(${surveys.compositePercentage})::float8`,
      compositeAnswers: sql<number>`count(${surveys.compositePercentage})::int`,
    })
    .from(surveys)
    .where(completedIn);
  const [sent] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      answered: sql<number>`(count(*) filter (where ${surveys.completedAt} < ${to.toISOString()}::timestamptz))::int`,
    })
    .from(surveys)
    .where(and(scopeOf(input), gte(surveys.sentAt, from), lt(surveys.sentAt, to)));
  let counts = { promoters: 0, passives: 0, detractors: 0 };
  if (npsIds.length > 0) {
    const answer = sql`(${sql.raw('answer.value')} #>> '{}')::numeric`;
    const [row] = await db
      .select({
        promoters: sql<number>`(count(*) filter (where ${answer} >= 9))::int`,
        passives: sql<number>`(count(*) filter (where ${answer} >= 7 and ${answer} < 9))::int`,
        detractors: sql<number>`(count(*) filter (where ${answer} < 7))::int`,
      })
      .from(sql`${surveys} cross join lateral jsonb_each(${surveys.responses}) as answer(key, value)`)
      .where(
        and(
          completedIn,
          sql`answer.key = any(${`{${npsIds.join(',')}}`}::text[])`,
          sql`jsonb_typeof(answer.value) = 'number'`,
        ),
      );
    if (row) counts = row;
  }
  const compositeAnswers = completed?.compositeAnswers ?? 0;
  const sentCount = sent?.sent ?? 0;
  return {
    completed: completed?.completed ?? 0,
    sent: sentCount,
    responseRate: sentCount > 0 ? ((sent?.answered ?? 0) / sentCount) * 100 : null,
    nps: netPromoterScore(counts),
    npsAnswers: counts.promoters + counts.passives + counts.detractors,
    compositeScore: compositeAnswers > 0 ? (completed?.compositeSum ?? 0) / compositeAnswers : null,
    compositeAnswers,
  };
}

/** The headline figures of a period and of the period before it. */
export async function digestFigures(
  db: Executor,
  input: DigestFiguresInput,
): Promise<{ current: HeadlineFigures; previous: HeadlineFigures }> {
  const previousFrom = input.previousFrom ?? new Date(2 * input.from.getTime() - input.to.getTime());
  const npsIds = await npsQuestionIds(db, input, previousFrom);
  return {
    current: await figuresOf(db, input, input.from, input.to, npsIds),
    previous: await figuresOf(db, input, previousFrom, input.from, npsIds),
  };
}
