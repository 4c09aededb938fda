import {
  type AnswerCount,
  benchmarkMinimumSurveys,
  benchmarkMinimumWorkspaces,
  formatPropertyValue,
  isScoredQuestionType,
  type ListSurveyResponsesQuery,
  netPromoterScore,
  npsCounts,
  type QuestionSummary,
  type ResponsesSummary,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveyResponseDetail,
  type SurveyResponseRow,
  type SurveyResponsesList,
  type SurveyScoring,
  scaleRange,
  scoreSurvey,
  surveyDefinitionSchema,
  totalPagesOf,
} from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { surveys } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { WorkspaceActor } from '../../http/request-context.js';
import { buildListLookup, type ListLookup, loadVersionDefinition } from '../surveys/survey-definitions.js';
import { findListItems } from '../surveys/surveys.repository.js';
import { buildCriteriaConditions, hasCriteria, type ResponseCriteria } from './response-filters.js';
import {
  type BenchmarkTotals,
  compositeQuestionKey,
  findAnswerStats,
  findBaseTemplateId,
  findBenchmarkTotals,
  findQuestionStats,
  findTemplateStats,
  findWeeklyStats,
} from './response-stats.repository.js';
import {
  countResponses,
  findResponsePage,
  findSentVersions,
  findSurveyTemplate,
  findWorkspaceSurveyWithTemplate,
  type ResponseRow,
  summarizeAnswerValues,
  summarizeCounts,
  summarizeQuestions,
  summarizeWeeks,
} from './responses.repository.js';
import { otherAnswerValue } from './survey-completion.js';

export const templateIdNotFoundMessage = 'Template ID not found';
export const surveyResponseNotFoundMessage = 'Survey response not found.';

/** What every responses call needs to know about the template. */
export interface TemplateContext {
  templateId: string;
  workspaceId: string;
  templateName: string;
  /** The questions of every sent version, by id; the newest wording wins. */
  questions: SurveyQuestion[];
  questionsById: Map<string, SurveyQuestion>;
  /** The newest sent version's definition (properties and texts for exports). */
  definition: SurveyDefinition;
  baseTemplateId: string | null;
  lists: ListLookup;
}

export async function loadTemplateContext(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string,
): Promise<TemplateContext> {
  const template = await findSurveyTemplate(ctx.db, templateId);
  if (!template || template.workspaceId !== actor.workspaceId) throw notFound(templateIdNotFoundMessage);
  const versions = await findSentVersions(ctx.db, templateId);
  const sent = versions.filter((version) => version.state !== 'DRAFT');
  const chosen = sent.length > 0 ? sent : versions.slice(0, 1);
  const definitions = await Promise.all(
    chosen.map((version) =>
      version.state === 'DRAFT'
        ? surveyDefinitionSchema.parse(version.definition)
        : loadVersionDefinition(ctx.db, version.id),
    ),
  );
  const questionsById = new Map<string, SurveyQuestion>();
  for (const definition of definitions) {
    for (const question of definition.questions) {
      if (!questionsById.has(question.id)) questionsById.set(question.id, question);
    }
  }
  const listIds = [
    ...new Set(
      [...questionsById.values(), ...(definitions[0]?.properties ?? [])]
        .map((item) => ('listId' in item ? item.listId : undefined))
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const [baseTemplateId, listRows] = await Promise.all([
    findBaseTemplateId(ctx.db, templateId),
    findListItems(ctx.db, actor.workspaceId, listIds, { includeArchived: true }),
  ]);
  return {
    templateId,
    workspaceId: actor.workspaceId,
    templateName: template.name,
    questions: [...questionsById.values()],
    questionsById,
    definition: definitions[0] ?? surveyDefinitionSchema.parse({}),
    baseTemplateId,
    lists: buildListLookup(listRows),
  };
}

export function criteriaConditions(template: TemplateContext, criteria: ResponseCriteria): SQL[] {
  return buildCriteriaConditions(criteria, template.questionsById);
}

const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);

/** A benchmark only when it rests on enough surveys from enough workspaces (issue 6). */
function reportedBenchmark(totals: BenchmarkTotals | undefined): { percentage: number } | null {
  if (!totals || totals.count < benchmarkMinimumSurveys || totals.workspaceCount < benchmarkMinimumWorkspaces)
    return null;
  return { percentage: totals.percentageSum / totals.count };
}

async function loadBenchmarks(
  db: Executor,
  template: TemplateContext,
): Promise<Map<string, BenchmarkTotals>> {
  return template.baseTemplateId ? findBenchmarkTotals(db, template.baseTemplateId) : new Map();
}

/** The text a summary shows for an answer value. */
function answerLabel(template: TemplateContext, question: SurveyQuestion, value: string): string {
  if (value === otherAnswerValue) return value;
  const listId = 'listId' in question ? question.listId : undefined;
  return listId ? (template.lists.labelOf(listId, value) ?? value) : value;
}

/** Scale values low..high, the typed options (then Other), or the counted list items by label. */
function distributionOf(
  template: TemplateContext,
  question: SurveyQuestion,
  counts: ReadonlyMap<string, number>,
): AnswerCount[] {
  const entry = (value: string) => ({
    value,
    label: answerLabel(template, question, value),
    count: counts.get(value) ?? 0,
  });
  const range = scaleRange(question);
  if (range) {
    return Array.from({ length: range.max - range.min + 1 }, (_, index) => entry(String(range.min + index)));
  }
  if (question.type !== 'MultipleChoice' && question.type !== 'DropdownList') return [];
  if (question.answerOptions && !question.listId) {
    const values = [...question.answerOptions];
    if (question.includeOtherOption || counts.has(otherAnswerValue)) values.push(otherAnswerValue);
    return values.map(entry);
  }
  return [...counts.keys()].map(entry).sort((left, right) => left.label.localeCompare(right.label));
}

interface SummaryFigures {
  sent: number;
  completed: number;
  compositeCount: number;
  compositeSum: number;
  questions: Map<string, { responseCount: number; scoredCount: number; percentageSum: number }>;
  answers: Map<string, Map<string, number>>;
  weeks: { weekStart: string; count: number; percentageSum: number }[];
}

function buildSummary(
  template: TemplateContext,
  figures: SummaryFigures,
  benchmarks: Map<string, BenchmarkTotals>,
): ResponsesSummary {
  const questions: QuestionSummary[] = template.questions.map((question) => {
    const stats = figures.questions.get(question.id);
    const counts = figures.answers.get(question.id) ?? new Map<string, number>();
    const distribution = distributionOf(template, question, counts);
    const popularResponses = [...counts]
      .map(([value, count]) => ({ value, label: answerLabel(template, question, value), count }))
      .filter((item) => item.count > 0)
      .sort((left, right) => right.count - left.count || left.label.localeCompare(right.label))
      .slice(0, 5);
    const nps =
      question.type === 'NetPromoterScore'
        ? npsCounts([...counts].map(([value, count]) => ({ value, count })))
        : null;
    const npsScore = nps ? netPromoterScore(nps) : null;
    return {
      questionId: question.id,
      questionLabel: question.label,
      questionText: question.question,
      questionType: question.type,
      totalResponses: stats?.responseCount ?? 0,
      compositeScore: {
        enabled: question.compositeScore.enabled,
        percentage: isScoredQuestionType(question.type)
          ? mean(stats?.percentageSum ?? 0, stats?.scoredCount ?? 0)
          : null,
        totalResponses: stats?.scoredCount ?? 0,
        comparativeBenchmark: isScoredQuestionType(question.type)
          ? reportedBenchmark(benchmarks.get(question.id))
          : null,
      },
      popularResponses,
      distribution,
      nps: nps && npsScore !== null ? { score: npsScore, ...nps } : null,
    };
  });
  return {
    totalResponses: figures.completed,
    totalSent: figures.sent,
    responseRate: figures.sent > 0 ? (figures.completed / figures.sent) * 100 : null,
    questions,
    compositeOverTime: figures.weeks.map((week) => ({
      weekStart: week.weekStart,
      percentage: week.percentageSum / week.count,
      count: week.count,
    })),
    overallPercentage: mean(figures.compositeSum, figures.compositeCount),
    overallBenchmark: reportedBenchmark(benchmarks.get(compositeQuestionKey)),
    hasBaseTemplate: template.baseTemplateId !== null,
  };
}

function groupAnswers(rows: readonly { questionId: string; answerValue: string; count: number }[]) {
  const answers = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const counts = answers.get(row.questionId) ?? new Map<string, number>();
    counts.set(row.answerValue, (counts.get(row.answerValue) ?? 0) + Number(row.count));
    answers.set(row.questionId, counts);
  }
  return answers;
}

/** The unfiltered summary: read from the aggregates, never from the surveys. */
async function summarizeFromAggregates(ctx: AppContext, template: TemplateContext): Promise<SummaryFigures> {
  const [stats, questionRows, answerRows, weeks] = await Promise.all([
    findTemplateStats(ctx.db, template.templateId),
    findQuestionStats(ctx.db, template.templateId),
    findAnswerStats(ctx.db, template.templateId),
    findWeeklyStats(ctx.db, template.templateId),
  ]);
  return {
    sent: stats?.sentCount ?? 0,
    completed: stats?.completedCount ?? 0,
    compositeCount: stats?.compositeCount ?? 0,
    compositeSum: stats?.compositeSum ?? 0,
    questions: new Map(questionRows.map((row) => [row.questionId, row])),
    answers: groupAnswers(answerRows),
    weeks: weeks.map((week) => ({ ...week, count: Number(week.count) })),
  };
}

/** The summary of a filtered set, computed in SQL over the matching surveys. */
async function summarizeFiltered(
  ctx: AppContext,
  template: TemplateContext,
  conditions: SQL[],
): Promise<SummaryFigures> {
  const countedIds = template.questions
    .filter(
      (question) =>
        isScoredQuestionType(question.type) ||
        question.type === 'MultipleChoice' ||
        question.type === 'DropdownList',
    )
    .map((question) => question.id);
  const [counts, questionRows, valueRows, weeks] = await Promise.all([
    summarizeCounts(ctx.db, conditions),
    summarizeQuestions(ctx.db, conditions),
    summarizeAnswerValues(ctx.db, conditions, countedIds),
    summarizeWeeks(ctx.db, conditions),
  ]);
  const questions = new Map<string, { responseCount: number; scoredCount: number; percentageSum: number }>();
  for (const row of questionRows.answeredRows) {
    questions.set(row.questionId, { responseCount: Number(row.count), scoredCount: 0, percentageSum: 0 });
  }
  for (const row of questionRows.scoreRows) {
    const entry = questions.get(row.questionId) ?? { responseCount: 0, scoredCount: 0, percentageSum: 0 };
    entry.scoredCount = Number(row.count);
    entry.percentageSum = Number(row.percentageSum);
    questions.set(row.questionId, entry);
  }
  // The same values the aggregates count (summaryAnswerValues): other answers as "Other".
  const answerRows = valueRows.flatMap((row) => {
    const question = template.questionsById.get(row.questionId);
    if (!question || row.value === '') return [];
    let value = row.value;
    if (question.type === 'MultipleChoice' || question.type === 'DropdownList') {
      const offered = question.listId
        ? !value.startsWith('Other: ')
        : question.answerOptions?.includes(value);
      if (!offered) value = otherAnswerValue;
    }
    return [{ questionId: row.questionId, answerValue: value, count: Number(row.count) }];
  });
  return { ...counts, questions, answers: groupAnswers(answerRows), weeks };
}

async function scoringOf(db: Executor, row: ResponseRow): Promise<SurveyScoring> {
  if (row.state === 'COMPLETE' && row.questionScores) {
    return {
      overallPercentage: row.compositePercentage,
      questionScores: row.questionScores,
      scoredQuestionCount: row.scoredQuestionCount ?? 0,
    };
  }
  // Scores are stored at completion; a survey still being answered is scored as it stands.
  const definition = await loadVersionDefinition(db, row.templateVersionId);
  return scoreSurvey(definition, row.openResponses ?? {});
}

async function toRow(db: Executor, row: ResponseRow): Promise<SurveyResponseRow> {
  return {
    surveyId: row.id,
    surveyState: row.state,
    createdAt: row.sentAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    surveyContactMethods: row.contactMethods,
    scoring: await scoringOf(db, row),
  };
}

/**
 * `GET /surveys?surveyTemplateId&page&limit&filters` (part 2 §2, §3, §7): a page of surveys,
 * newest sent first, the summary of the same set and the paging. Without filters the summary
 * and the total come from the aggregates.
 */
export async function listSurveyResponses(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ListSurveyResponsesQuery,
): Promise<SurveyResponsesList> {
  const template = await loadTemplateContext(ctx, actor, query.surveyTemplateId);
  const criteria: ResponseCriteria = {
    templateId: template.templateId,
    workspaceId: actor.workspaceId,
    filters: query.filters?.filters ?? [],
    sentFrom: query.sentFrom,
    sentTo: query.sentTo,
  };
  const conditions = criteriaConditions(template, criteria);
  const isFiltered = hasCriteria(criteria);
  const wantsSurveys = query.include !== 'summary';
  const wantsSummary = query.include !== 'surveys';
  const [figures, benchmarks, unfilteredTotal] = await Promise.all([
    wantsSummary
      ? isFiltered
        ? summarizeFiltered(ctx, template, conditions)
        : summarizeFromAggregates(ctx, template)
      : undefined,
    wantsSummary ? loadBenchmarks(ctx.db, template) : new Map<string, BenchmarkTotals>(),
    !wantsSummary && !isFiltered
      ? findTemplateStats(ctx.db, template.templateId).then((stats) => stats?.sentCount ?? 0)
      : undefined,
  ]);
  const { page, limit } = query;
  const offset = (page - 1) * limit;
  let total = figures?.sent ?? unfilteredTotal;
  let rows: ResponseRow[] = [];
  if (wantsSurveys) {
    if (total === undefined) {
      // First page of a filtered list: the page and the count run side by side.
      const [count, firstRows] = await Promise.all([
        countFiltered(ctx, template, criteria, conditions),
        offset === 0 ? findResponsePage(ctx.db, conditions, { limit, offset, reverse: false }) : undefined,
      ]);
      total = count;
      rows = firstRows ?? (await readPage(ctx.db, conditions, offset, limit, total));
    } else {
      rows = await readPage(ctx.db, conditions, offset, limit, total);
    }
  }
  const surveys = await Promise.all(rows.map((row) => toRow(ctx.db, row)));
  return {
    surveys,
    summary: wantsSummary && figures ? buildSummary(template, figures, benchmarks) : null,
    pagination: { page, limit, total: total ?? 0, totalPages: totalPagesOf(total ?? 0, limit) },
  };
}

const numericTests: Record<string, (answer: number, value: number) => boolean> = {
  equals: (answer, value) => answer === value,
  not_equals: (answer, value) => answer !== value,
  gt: (answer, value) => answer > value,
  gte: (answer, value) => answer >= value,
  lt: (answer, value) => answer < value,
  lte: (answer, value) => answer <= value,
};

/**
 * The count of a filtered list. One question filter (with or without "status is Completed") on
 * a scale or an offered choice is answered exactly from the aggregates for completed surveys,
 * plus a count of the surveys being answered (the only others that have answers); counting
 * a large template's matches row by row costs hundreds of milliseconds. Anything else counts
 * in SQL.
 */
async function countFiltered(
  ctx: AppContext,
  template: TemplateContext,
  criteria: ResponseCriteria,
  conditions: SQL[],
): Promise<number> {
  const questionFilters = criteria.filters.filter((filter) => filter.field.startsWith('surveyResponses.'));
  const others = criteria.filters.filter((filter) => !filter.field.startsWith('surveyResponses.'));
  const onlyCompleted =
    others.length === 1 &&
    others[0]!.field === 'surveyState' &&
    others[0]!.operator === 'is' &&
    others[0]!.value === 'COMPLETE';
  const filter = questionFilters[0];
  const question = filter
    ? template.questionsById.get(filter.field.slice('surveyResponses.'.length))
    : undefined;
  if (
    !filter ||
    !question ||
    questionFilters.length !== 1 ||
    (others.length > 0 && !onlyCompleted) ||
    criteria.sentFrom ||
    criteria.sentTo
  ) {
    return countResponses(ctx.db, conditions);
  }
  let fromAggregates: ((counts: Map<string, number>, answered: number) => number) | undefined;
  if (isScoredQuestionType(question.type)) {
    const test = numericTests[filter.operator];
    const value = Number(filter.value);
    if (test) {
      fromAggregates = (counts) =>
        [...counts].reduce((total, [answer, count]) => total + (test(Number(answer), value) ? count : 0), 0);
    }
  } else if (question.type === 'MultipleChoice' || question.type === 'DropdownList') {
    const value = String(filter.value);
    const isOption = question.listId ? !value.startsWith('Other: ') : question.answerOptions?.includes(value);
    if (isOption && value !== otherAnswerValue) {
      fromAggregates = (counts, answered) =>
        filter.operator === 'is' ? (counts.get(value) ?? 0) : answered - (counts.get(value) ?? 0);
    }
  }
  if (!fromAggregates) return countResponses(ctx.db, conditions);
  const [answerRows, questionRows, inProgress] = await Promise.all([
    findAnswerStats(ctx.db, template.templateId, question.id),
    findQuestionStats(ctx.db, template.templateId, question.id),
    onlyCompleted ? 0 : countResponses(ctx.db, [...conditions, sql`${surveys.state} = 'IN_PROGRESS'`]),
  ]);
  const counts = groupAnswers(answerRows).get(question.id) ?? new Map<string, number>();
  return fromAggregates(counts, questionRows[0]?.responseCount ?? 0) + inProgress;
}

/** A page read from whichever end of the list is nearer. */
async function readPage(db: Executor, conditions: SQL[], offset: number, limit: number, total: number) {
  if (offset >= total) return [];
  if (offset <= total / 2) return findResponsePage(db, conditions, { limit, offset, reverse: false });
  const count = Math.min(limit, total - offset);
  return findResponsePage(db, conditions, { limit: count, offset: total - offset - count, reverse: true });
}

/**
 * `GET /surveys/{id}/response` for staff (part 2 §2 Response detail): the respondent, the
 * answers, the scores with the Survey Average and the Overall Benchmark of each question.
 */
export async function getSurveyResponse(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
): Promise<SurveyResponseDetail> {
  const found = await findWorkspaceSurveyWithTemplate(ctx.db, actor.workspaceId, surveyId);
  if (!found) throw notFound(surveyResponseNotFoundMessage);
  const { survey } = found;
  const definition = await loadVersionDefinition(ctx.db, survey.templateVersionId);
  const listIds = [
    ...new Set(
      [...definition.questions, ...definition.properties]
        .map((item) => ('listId' in item ? item.listId : undefined))
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const [baseTemplateId, listRows, templateStats, questionStats] = await Promise.all([
    findBaseTemplateId(ctx.db, survey.templateId),
    findListItems(ctx.db, actor.workspaceId, listIds, { includeArchived: true }),
    findTemplateStats(ctx.db, survey.templateId),
    findQuestionStats(ctx.db, survey.templateId),
  ]);
  const benchmarks = baseTemplateId ? await findBenchmarkTotals(ctx.db, baseTemplateId) : new Map();
  const lookup = buildListLookup(listRows);
  const score =
    survey.state === 'COMPLETE' && survey.questionScores
      ? {
          overallPercentage: survey.compositePercentage,
          questionScores: survey.questionScores,
          scoredQuestionCount: survey.scoredQuestionCount ?? 0,
        }
      : scoreSurvey(definition, survey.responses);
  const scoreOf = new Map(score.questionScores.map((item) => [item.questionId, item]));
  const statsOf = new Map(questionStats.map((row) => [row.questionId, row]));
  const average = (sum: number, count: number) => (count > 0 ? { percentage: sum / count } : null);
  const questionListIds = new Set(
    definition.questions.map((question) => ('listId' in question ? question.listId : undefined)),
  );
  return {
    surveyId: survey.id,
    surveyTemplateId: survey.templateId,
    surveyTemplateVersionId: survey.templateVersionId,
    surveyState: survey.state,
    createdAt: survey.sentAt.toISOString(),
    sentAt: survey.sentAt.toISOString(),
    lastOpenedAt: survey.lastOpenedAt?.toISOString() ?? null,
    completedAt: survey.completedAt?.toISOString() ?? null,
    updatedAt: survey.updatedAt.toISOString(),
    surveyContactMethods: survey.contactMethods,
    surveyResponses: survey.responses,
    scoring: {
      overallPercentage: score.overallPercentage,
      scoredQuestionCount: score.scoredQuestionCount,
      questionScores: definition.questions
        .filter((question) => isScoredQuestionType(question.type))
        .map((question) => {
          const own = scoreOf.get(question.id);
          const stats = statsOf.get(question.id);
          return {
            questionId: question.id,
            score: own?.score ?? null,
            percentage: own?.percentage ?? null,
            comparativeBenchmark: reportedBenchmark(benchmarks.get(question.id)),
            templateComparativeBenchmark: average(stats?.percentageSum ?? 0, stats?.scoredCount ?? 0),
          };
        }),
      templateComparativeBenchmark: average(
        templateStats?.compositeSum ?? 0,
        templateStats?.compositeCount ?? 0,
      ),
      comparativeBenchmark: reportedBenchmark(benchmarks.get(compositeQuestionKey)),
    },
    surveyTemplate: {
      surveyTemplateName: found.templateName,
      surveyTemplateDefinition: definition,
      hasBaseTemplate: baseTemplateId !== null,
    },
    lists: lookup.respondentLists().filter((list) => questionListIds.has(list.listId)),
    surveyProperties: definition.properties
      .filter(
        (property) => property.visibleInReportsAndFiltering && survey.properties[property.id] !== undefined,
      )
      .map((property) => {
        const value = survey.properties[property.id]!;
        const itemLabel =
          property.type === 'ListItem' && property.listId
            ? lookup.labelOf(property.listId, String(value))
            : undefined;
        return {
          propertyId: property.id,
          label: property.label,
          type: property.type,
          value,
          displayValue: formatPropertyValue(property.type, value, itemLabel),
        };
      }),
  };
}
