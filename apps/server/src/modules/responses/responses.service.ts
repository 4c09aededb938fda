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
import type { SQL } from 'drizzle-orm';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { type CursorKeyPart, type CursorPage, cutPage } from '../../cursor.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { findUndelivered } from '../delivery/delivery.service.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import {
  findTemplateBase,
  listIdsOf,
  loadVersionDefinition,
} from '../templates/template-versions.service.js';
import { countFiltered, countTextFiltered } from './filtered-count.js';
import { hasCriteria, type ResponseCriteria } from './response-filters.js';
import {
  type BenchmarkTotals,
  compositeQuestionKey,
  findBenchmarkTotals,
  findQuestionStats,
  findTemplateStats,
} from './response-stats.repository.js';
import {
  findResponsePage,
  findResponsesAfter,
  findWorkspaceSurveyWithTemplate,
  type ResponseRow,
} from './responses.repository.js';
import {
  buildSummary,
  loadBenchmarks,
  reportedBenchmark,
  summarizeFiltered,
  summarizeFromAggregates,
} from './responses-summary.js';
import { criteriaConditions, loadTemplateContext } from './template-context.js';

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
        ? summarizeFiltered(ctx, template, criteria, conditions)
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
    const text = await countTextFiltered(ctx, template, criteria, offset + limit);
    if (total === undefined && !text) {
      // First page of a filtered list: the page and the count run side by side.
      const [count, firstRows] = await Promise.all([
        countFiltered(ctx, template, criteria, conditions),
        offset === 0 ? findResponsePage(ctx.db, conditions, { limit, offset, reverse: false }) : undefined,
      ]);
      total = count;
      rows = firstRows ?? (await readPage(ctx.db, conditions, { offset, limit, total }));
    } else {
      total ??= text!.total;
      rows = await readPage(ctx.db, conditions, { offset, limit, total, hits: text?.hits });
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

/** A page read from whichever end of the list is nearer. */
async function readPage(
  db: Executor,
  conditions: SQL[],
  page: { offset: number; limit: number; total: number; hits?: SQL | undefined },
) {
  const { offset, limit, total, hits } = page;
  if (offset >= total) return [];
  if (offset <= total / 2) return findResponsePage(db, conditions, { limit, offset, reverse: false, hits });
  const count = Math.min(limit, total - offset);
  return findResponsePage(db, conditions, {
    limit: count,
    offset: total - offset - count,
    reverse: true,
    hits,
  });
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
