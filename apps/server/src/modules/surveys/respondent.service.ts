import {
  findUnansweredRequired,
  hasSurveyLogic,
  isSurveyExpired,
  languageNames,
  respondentQuestions,
  type SavedSurveyResponses,
  type SurveyAnswer,
  type SurveyLanguage,
  type SurveyResponses,
  surveyAlreadyCompletedMessage,
  surveyExpiredMessage,
  templateLanguages,
  validateAnswer,
} from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { AppError, conflict, invalid, unauthenticated } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { dispatchAlertMessages, fireSurveyAlerts } from '../alerts/alerts.service.js';
import { openCasesForFiredAlerts } from '../cases/case-opening.service.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import { recordSurveyCompletion } from '../responses/response-aggregates.service.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { recordTextAnalyses } from '../text-analytics/text-analytics.service.js';
import { dispatchWebhookDeliveries, recordWebhookEvents } from '../webhooks/webhooks.service.js';
import { pathDecidedBySave, planPathSave, savePathAnswers } from './respondent-path.js';
import { saveAnswers } from './respondent-save-batch.js';
import { authenticationRequiredMessage, rememberAccess, surveyNotFound } from './respondent-view.service.js';
import { findCachedSurveyAccess } from './survey-access.js';
import { completedEventData } from './survey-webhook-events.js';
import {
  completeSurvey,
  findSurveyForSaving,
  lockSurveyForSaving,
  type SurveyForSaving,
} from './surveys.repository.js';

function checkOpen(survey: Pick<SurveyForSaving, 'state' | 'expiresAt'>, now: Date): void {
  if (survey.state === 'COMPLETE') throw conflict(surveyAlreadyCompletedMessage);
  if (isSurveyExpired(survey, now)) throw conflict(surveyExpiredMessage);
}

/**
 * `PATCH /surveys/{id}[?markAsComplete=true]` (docs/architecture.md): checks every answer against
 * the version's questions and merges them into the stored ones atomically (null clears one);
 * the survey becomes IN_PROGRESS. With `markAsComplete`, every required question must be
 * answered; then the survey is COMPLETE and takes no more saves (409), nor does an expired one.
 */
export async function saveRespondentAnswers(
  ctx: AppContext,
  surveyId: string,
  answers: Record<string, SurveyAnswer | null>,
  options: { markAsComplete: boolean; isAuthenticated: boolean; language?: SurveyLanguage | undefined },
): Promise<SavedSurveyResponses> {
  if (!isUuid(surveyId)) throw surveyNotFound();
  const now = ctx.now();
  let survey: SurveyForSaving | undefined;
  let access = findCachedSurveyAccess(surveyId);
  if (!access) {
    survey = await findSurveyForSaving(ctx.db, surveyId);
    if (!survey) throw surveyNotFound();
    access = rememberAccess(survey, await loadVersionDefinition(ctx.db, survey.templateVersionId));
  }
  const definition = await loadVersionDefinition(ctx.db, access.templateVersionId);
  if (!options.isAuthenticated && access.needsAuthentication) {
    throw unauthenticated(authenticationRequiredMessage);
  }
  if (survey) checkOpen(survey, now);
  const language = options.language ?? null;
  if (language && !templateLanguages(definition).includes(language)) {
    throw invalid(`This survey is not offered in ${languageNames[language]}.`, {
      language: "Not one of the survey's languages",
    });
  }
  const questions = respondentQuestions(definition);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answeredListIds = [
    ...new Set(
      Object.keys(answers)
        .map((id) => byId.get(id))
        .map((question) => (question && 'listId' in question ? question.listId : undefined))
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const lists = await loadListLookup(ctx.db, access.workspaceId, answeredListIds);
  const errors: Record<string, string> = {};
  const set: SurveyResponses = {};
  const clear: string[] = [];
  for (const [questionId, value] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) {
      errors[questionId] = 'This question is not in the survey';
      continue;
    }
    const listId = 'listId' in question ? question.listId : undefined;
    const problem = validateAnswer(question, value, {
      listItemIds: listId ? lists.itemIds(listId) : undefined,
    });
    if (problem) errors[questionId] = problem;
    else if (value === null) clear.push(questionId);
    else set[questionId] = value;
  }
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    // A closed survey says so (409) before it judges the answers.
    const current = survey ?? (await findSurveyForSaving(ctx.db, surveyId));
    if (current) checkOpen(current, now);
    const [questionId, message] = problems[0]!;
    const label = byId.get(questionId)?.label ?? questionId;
    throw invalid(`${label}: ${message}`, errors);
  }
  // Without logic, or when the save itself decides the path, one statement saves (decision 023).
  const decided = options.markAsComplete
    ? undefined
    : hasSurveyLogic(questions)
      ? pathDecidedBySave(questions, { set, clear })
      : { set, clear };
  if (decided) {
    const saved = await saveAnswers(ctx, { surveyId, ...decided, language, now });
    if (!saved) {
      // Completed or expired: the update's own check refused it.
      const current = await findSurveyForSaving(ctx.db, surveyId);
      if (!current) throw surveyNotFound();
      checkOpen(current, now);
      throw conflict(surveyExpiredMessage);
    }
    // Announced to the other processes by the saving statement itself.
    ctx.respondentCache.forget(surveyId);
    return { surveyId, surveyState: saved.state, surveyResponses: saved.responses };
  }
  if (!options.markAsComplete) {
    const saved = await savePathAnswers(
      ctx.db,
      surveyId,
      questions,
      { set, clear, language },
      now,
      checkOpen,
    );
    await ctx.respondentCache.announceSave(surveyId);
    return { surveyId, ...saved };
  }
  let alertMessageIds: string[] = [];
  let webhookDeliveryIds: string[] = [];
  const saved: SavedSurveyResponses = await ctx.db.transaction(async (tx) => {
    const locked = await lockSurveyForSaving(tx, surveyId);
    if (!locked) throw surveyNotFound();
    checkOpen(locked, now);
    // Only the questions the respondent's path shows count, and answers it hides are dropped.
    const { merged, path } = planPathSave(questions, locked.responses, { set, clear });
    const unanswered = findUnansweredRequired(path, merged);
    if (unanswered.length > 0) {
      throw new AppError(
        'VALIDATION',
        `Please answer every required question: ${unanswered.map((question) => question.label).join(', ')}.`,
        Object.fromEntries(unanswered.map((question) => [question.id, 'This question is required'])),
      );
    }
    await completeSurvey(tx, surveyId, merged, now, language);
    // Scores and the summaries' aggregates commit with the completion (decision 007).
    await recordSurveyCompletion(tx, {
      surveyId,
      workspaceId: locked.workspaceId,
      templateVersionId: locked.templateVersionId,
      definition,
      responses: merged,
      completedAt: now,
    });
    // Text answers' sentiment and keywords too (decision 030).
    await recordTextAnalyses(tx, surveyId);
    // Alerts fire with the completion and open their cases; their messages leave right after the
    // commit (decisions 008 and 019).
    const alerts = await fireSurveyAlerts(ctx, tx, surveyId, merged, now);
    alertMessageIds = [...alerts.outboxIds, ...(await openCasesForFiredAlerts(ctx, tx, alerts.fired, now))];
    // Webhooks hear of it in the same commit; a workspace without one pays a lookup in memory (decision 036).
    webhookDeliveryIds = await recordWebhookEvents(ctx, tx, {
      workspaceId: locked.workspaceId,
      type: 'survey.completed',
      data: () => [completedEventData(surveyId, locked.templateVersionId, definition, merged, now, language)],
    });
    if (alerts.fired.length > 0) {
      webhookDeliveryIds.push(
        ...(await recordWebhookEvents(ctx, tx, {
          workspaceId: locked.workspaceId,
          type: 'alert.fired',
          data: () =>
            alerts.fired.map((fired) => ({
              surveyAlertId: fired.surveyAlertId,
              alertId: fired.alert.id,
              alertName: fired.alert.name,
              surveyId: fired.surveyId,
              surveyTemplateId: fired.templateId,
              surveyTemplateName: fired.templateName,
              firedAt: now.toISOString(),
            })),
        })),
      );
    }
    return { surveyId, surveyState: 'COMPLETE', surveyResponses: merged };
  });
  // The trigger tells every process of the completion; this one forgets before it answers.
  ctx.respondentCache.forget(surveyId);
  await dispatchAlertMessages(ctx, alertMessageIds);
  dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
  return saved;
}
