import {
  formatPropertyValue,
  isScoredQuestionType,
  isSurveyLanguage,
  type ListSurveyResponsesQuery,
  type ResponseCriteriaQuery,
  type SurveyDelivery,
  type SurveyResponseDetail,
  type SurveyResponseRow,
  type SurveyResponsesList,
  type SurveyScoring,
  scoreSurvey,
  totalPagesOf,
} from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { type CursorKeyPart, type CursorPage, cutPage } from '../../cursor.js';
import type { Executor } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { findUndelivered } from '../delivery/delivery.service.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import {
  findTemplateBase,
  listIdsOf,
  loadVersionDefinition,
} from '../templates/template-versions.service.js';
import { otherAnswerValue } from './response-aggregates.service.js';
import { hasCriteria, type ResponseCriteria } from './response-filters.js';
import {
  type BenchmarkTotals,
  compositeQuestionKey,
  findAnswerStats,
  findBenchmarkTotals,
  findQuestionStats,
  findTemplateStats,
} from './response-stats.repository.js';
import {
  countResponses,
  findResponsePage,
  findResponsesAfter,
  findWorkspaceSurveyWithTemplate,
  type ResponseRow,
} from './responses.repository.js';
import {
  buildSummary,
  groupAnswers,
  loadBenchmarks,
  reportedBenchmark,
  summarizeFiltered,
  summarizeFromAggregates,
} from './responses-summary.js';
import { criteriaConditions, loadTemplateContext, type TemplateContext } from './template-context.js';

export const surveyResponseNotFoundMessage = 'Survey response not found.';

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

async function toRow(
  db: Executor,
  row: ResponseRow,
  undelivered: Map<string, SurveyDelivery[]>,
): Promise<SurveyResponseRow> {
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
    undelivered: undelivered.get(row.id) ?? [],
    source:
      row.sourceLinkId && row.sourceName !== null
        ? { publicLinkId: row.sourceLinkId, name: row.sourceName }
        : null,
  };
}

/**
 * `GET /surveys?surveyTemplateId&page&limit&filters`
 * (docs/product-rules.md#responses-list-filters-paging-export): a page of surveys,
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
  const undelivered = await findUndelivered(
    ctx.db,
    'surveyId',
    rows.map((row) => row.id),
  );
  const surveys = await Promise.all(rows.map((row) => toRow(ctx.db, row, undelivered)));
  return {
    surveys,
    summary: wantsSummary && figures ? buildSummary(template, figures, benchmarks) : null,
    pagination: { page, limit, total: total ?? 0, totalPages: totalPagesOf(total ?? 0, limit) },
  };
}

/** The parts of a responses list's cursor: the survey's sending time and id. */
export const responsesCursorKey = ['time', 'id'] as const satisfies readonly CursorKeyPart[];

/**
 * `GET /api/v1/responses`: a page of the template's surveys with the list's filters, newest sent
 * first, by cursor (docs/decisions/037-public-api-v1.md); the summary is the unversioned list's.
 */
export async function listSurveyResponsesPage(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ResponseCriteriaQuery,
  page: CursorPage,
): Promise<{ surveys: SurveyResponseRow[]; next: string | null }> {
  const template = await loadTemplateContext(ctx, actor, query.surveyTemplateId);
  const conditions = criteriaConditions(template, {
    templateId: template.templateId,
    workspaceId: actor.workspaceId,
    filters: query.filters?.filters ?? [],
    sentFrom: query.sentFrom,
    sentTo: query.sentTo,
  });
  const [sentAt, id] = page.after ?? [];
  const after = sentAt && id ? { sentAt, id } : undefined;
  const rows = await findResponsesAfter(ctx.db, conditions, after, page.limit + 1);
  const cut = cutPage(rows, page, (row) => [row.cursorSentAt, row.id]);
  const undelivered = await findUndelivered(
    ctx.db,
    'surveyId',
    cut.rows.map((row) => row.id),
  );
  return {
    surveys: await Promise.all(cut.rows.map((row) => toRow(ctx.db, row, undelivered))),
    next: cut.next,
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
  // A matrix counts statements, not one number per survey: its filters count in SQL.
  if (isScoredQuestionType(question.type) && question.type !== 'Matrix') {
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
 * `GET /surveys/{id}/response` for staff (docs/product-rules.md#the-respondent-page Response detail): the
 * respondent, the
 * answers, the scores with the Survey Average and the Overall Benchmark of each question.
 */
/** The response when the survey is the actor's workspace's, else undefined (a malformed id too). */
export async function findSurveyResponse(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
): Promise<SurveyResponseDetail | undefined> {
  if (!isUuid(surveyId)) return undefined;
  try {
    return await getSurveyResponse(ctx, actor, surveyId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

export async function getSurveyResponse(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
): Promise<SurveyResponseDetail> {
  const found = await findWorkspaceSurveyWithTemplate(ctx.db, actor.workspaceId, surveyId);
  if (!found) throw notFound(surveyResponseNotFoundMessage);
  const { survey } = found;
  const definition = await loadVersionDefinition(ctx.db, survey.templateVersionId);
  const [baseTemplateId, lookup, templateStats, questionStats, undelivered] = await Promise.all([
    findTemplateBase(ctx.db, survey.templateId),
    loadListLookup(ctx.db, actor.workspaceId, listIdsOf(definition), { includeArchived: true }),
    findTemplateStats(ctx.db, survey.templateId),
    findQuestionStats(ctx.db, survey.templateId),
    findUndelivered(ctx.db, 'surveyId', [survey.id]),
  ]);
  const benchmarks = baseTemplateId ? await findBenchmarkTotals(ctx.db, baseTemplateId) : new Map();
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
    language: isSurveyLanguage(survey.language) ? survey.language : null,
    surveyContactMethods: survey.contactMethods,
    undelivered: undelivered.get(survey.id) ?? [],
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
