import type { SurveyTextSentiments, TextAnalyticsQuery, TextAnalyticsResponse } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import {
  isSurveyInWorkspace,
  readSurveySentiments,
  readTextAnalytics,
} from '../text-analytics/text-analytics.service.js';
import { hasCriteria, type ResponseCriteria } from './response-filters.js';
import { surveyResponseNotFoundMessage } from './responses.service.js';
import { criteriaConditions, loadTemplateContext } from './template-context.js';

// The text analytics of a template's summary (docs/decisions/030-text-analytics.md), narrowed by
// the responses list's filters when it has any.

/** `GET /survey-templates/{id}/text-analytics` */
export async function getTextAnalytics(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string,
  query: TextAnalyticsQuery,
): Promise<TextAnalyticsResponse> {
  const template = await loadTemplateContext(ctx, actor, templateId);
  const criteria: ResponseCriteria = {
    templateId,
    workspaceId: actor.workspaceId,
    filters: query.filters?.filters ?? [],
    sentFrom: query.sentFrom,
    sentTo: query.sentTo,
  };
  const questions = await readTextAnalytics(ctx.db, {
    templateId,
    workspaceId: actor.workspaceId,
    questions: template.questions,
    limit: query.limit,
    conditions: hasCriteria(criteria) ? criteriaConditions(template, criteria) : undefined,
  });
  return { questions };
}

/** `GET /surveys/{id}/text-analytics`: the sentiment of each analysed text answer of a survey. */
export async function getSurveyTextSentiments(
  ctx: AppContext,
  actor: WorkspaceActor,
  surveyId: string,
): Promise<SurveyTextSentiments> {
  const scope = { surveyId, workspaceId: actor.workspaceId };
  if (!(await isSurveyInWorkspace(ctx.db, scope))) throw notFound(surveyResponseNotFoundMessage);
  return { sentiments: await readSurveySentiments(ctx.db, scope) };
}
