import {
  estimateMinutes,
  fillPropertyTokens,
  findPropertyTokens,
  findUnansweredRequired,
  hasSurveyLogic,
  isSurveyExpired,
  isValidReviewLink,
  type LockedRespondentSurvey,
  languageNames,
  propertyTokenValues,
  type RespondentSurvey,
  type RespondentSurveyReply,
  respondentQuestions,
  type SavedSurveyResponses,
  type SurveyAnswer,
  type SurveyDefinition,
  type SurveyLanguage,
  type SurveyResponses,
  type SurveyState,
  surveyAlreadyCompletedMessage,
  surveyExpiredMessage,
  surveyNotFoundMessage,
  type Translations,
  templateLanguages,
  validateAnswer,
} from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { AppError, conflict, invalid, notFound, unauthenticated } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { dispatchAlertMessages, fireSurveyAlerts } from '../alerts/alerts.service.js';
import { openCasesForFiredAlerts } from '../cases/case-opening.service.js';
import { type ListLookup, loadListLookup } from '../lists/list-lookup.service.js';
import { logoPath } from '../logo/logo.service.js';
import { recordSurveyCompletion } from '../responses/response-aggregates.service.js';
import { listIdsOf, loadVersionDefinition } from '../templates/template-versions.service.js';
import { recordTextAnalyses } from '../text-analytics/text-analytics.service.js';
import { dispatchWebhookDeliveries, recordWebhookEvents } from '../webhooks/webhooks.service.js';
import { authenticationPropertiesOf } from './respondent-authentication.service.js';
import type { RespondentView } from './respondent-cache.js';
import { pathDecidedBySave, planPathSave, savePathAnswers } from './respondent-path.js';
import { saveAnswers } from './respondent-save-batch.js';
import { findCachedSurveyAccess, rememberSurveyAccess, type SurveyAccess } from './survey-access.js';
import { completedEventData, markOpened } from './survey-webhook-events.js';
import {
  completeSurvey,
  findRespondentSurvey,
  findSurveyForSaving,
  lockSurveyForSaving,
  type SurveyForSaving,
} from './surveys.repository.js';

/**
 * docs/product-rules.md#the-respondent-page: an unknown, malformed or expired survey all read "doesn't exist
 * or has expired".
 */
const surveyNotFound = () => notFound(surveyNotFoundMessage);
/** The welcome's time unless the template shows an estimate: "about 5 minutes", as the spec words it. */
const fixedEstimateMinutes = 5;
const authenticationRequiredMessage = 'Please confirm your details to open this survey.';

/** Whether a text holds a `[Label]` token of one of the definition's properties (any case). */
function hasPropertyToken(text: string, definition: SurveyDefinition): boolean {
  const labels = new Set(definition.properties.map((property) => property.label.trim().toLowerCase()));
  return findPropertyTokens(text).some((token) => labels.has(token.toLowerCase()));
}

/**
 * What a COMPLETE survey's thank-you page may show before authentication (decision 005): the closing
 * text only when no property value would fill it, and the review link only when it is http(s).
 */
function lockedThankYou(
  definition: SurveyDefinition,
): Pick<LockedRespondentSurvey['surveyTemplate'], 'closingText' | 'reviewLink'> {
  const { closingText } = definition;
  return {
    ...(closingText.trim() && !hasPropertyToken(closingText, definition) ? { closingText } : {}),
    ...(isValidReviewLink(definition.reviewLink) ? { reviewLink: definition.reviewLink } : {}),
  };
}

function rememberAccess(
  survey: Pick<SurveyForSaving, 'id' | 'workspaceId' | 'templateVersionId' | 'properties'>,
  definition: SurveyDefinition,
): SurveyAccess {
  return rememberSurveyAccess(survey.id, {
    workspaceId: survey.workspaceId,
    templateVersionId: survey.templateVersionId,
    needsAuthentication: authenticationPropertiesOf(definition, survey.properties).length > 0,
  });
}

/**
 * `GET /surveys/{id}` for the respondent page (docs/product-rules.md#the-respondent-page). Until the
 * respondent has
 * authenticated, only what the authentication view needs: the template name, the logo and the
 * labels and types of the authentication properties, never questions, answers or values; for a
 * COMPLETE survey also its thank-you page's closing text (without tokens) and review link.
 * `markAsOpened` records the opening (SENT → OPENED).
 */
export async function getRespondentSurvey(
  ctx: AppContext,
  surveyId: string,
  options: { markAsOpened: boolean; isAuthenticated: boolean },
): Promise<RespondentSurveyReply> {
  if (!isUuid(surveyId)) throw surveyNotFound();
  const now = ctx.now();
  // From memory unless something it shows changed (decision 048).
  const view = await ctx.respondentCache.readThrough(surveyId, options.isAuthenticated, now, () =>
    loadRespondentView(ctx, surveyId, options.isAuthenticated),
  );
  if (!view || isSurveyExpired(view, now)) throw surveyNotFound();
  if (!options.markAsOpened) return view.reply;
  const state = await markOpened(
    ctx,
    {
      id: surveyId,
      workspaceId: view.workspaceId,
      templateVersionId: view.templateVersionId,
      state: view.state,
    },
    now,
  );
  if (state === view.state) return view.reply;
  // The first opening: the trigger tells every process; this one forgets before it answers.
  ctx.respondentCache.forget(surveyId);
  return { ...view.reply, surveyState: state };
}

async function loadRespondentView(
  ctx: AppContext,
  surveyId: string,
  isAuthenticated: boolean,
): Promise<RespondentView | undefined> {
  const found = await findRespondentSurvey(ctx.db, surveyId);
  if (!found) return undefined;
  const { survey, templateName } = found;
  const definition = await loadVersionDefinition(ctx.db, survey.templateVersionId);
  rememberAccess(survey, definition);
  const view = {
    surveyId: survey.id,
    workspaceId: survey.workspaceId,
    templateId: survey.templateId,
    templateVersionId: survey.templateVersionId,
    state: survey.state,
    expiresAt: survey.expiresAt,
  };
  const state = survey.state;
  const logoUrl = found.logoSha256 ? logoPath(found.logoSha256) : null;
  const authenticationProperties = authenticationPropertiesOf(definition, survey.properties);
  if (authenticationProperties.length > 0 && !isAuthenticated) {
    return {
      ...view,
      reply: {
        surveyId: survey.id,
        surveyState: state,
        requiresAuthentication: true,
        surveyTemplate: {
          surveyTemplateName: templateName,
          logoUrl,
          authenticationProperties,
          languages: templateLanguages(definition),
          ...(state === 'COMPLETE' ? lockedThankYou(definition) : {}),
        },
      },
    };
  }
  const lists = await loadListLookup(ctx.db, survey.workspaceId, listIdsOf(definition));
  return {
    ...view,
    reply: buildRespondentSurvey({
      surveyId: survey.id,
      surveyState: state,
      lists,
      templateName,
      definition,
      tokens: propertyTokenValues(definition, survey.properties, lists.labelOf),
      estimatedMinutes: welcomeMinutes(definition, found.showEstimatedTime),
      logoUrl,
      responses: survey.responses,
    }),
  };
}

/**
 * The respondent page's survey once it may be read: texts with their `[tokens]` filled from
 * `tokens` (values by property label), the respondent's questions and the lists they draw on
 * (`lists` holds at least those).
 * The respondent GET and the template preview (decision 022) both answer with it, so the page
 * reads one shape whichever served it.
 */
export function buildRespondentSurvey(input: {
  surveyId: string;
  surveyState: SurveyState;
  lists: ListLookup;
  templateName: string;
  definition: SurveyDefinition;
  tokens: Record<string, string>;
  estimatedMinutes: number;
  logoUrl: string | null;
  responses: SurveyResponses;
}): RespondentSurvey {
  const { definition, tokens } = input;
  const questionListIds = new Set(listIdsOf(definition, 'questions'));
  return {
    surveyId: input.surveyId,
    surveyState: input.surveyState,
    requiresAuthentication: false,
    surveyTemplate: {
      surveyTemplateName: input.templateName,
      surveyTemplateDefinition: {
        schemaVersion: definition.schemaVersion,
        openingText: fillPropertyTokens(definition.openingText, tokens),
        closingText: fillPropertyTokens(definition.closingText, tokens),
        reviewLink: definition.reviewLink,
        properties: definition.properties,
        questions: respondentQuestions(definition),
        defaultLanguage: definition.defaultLanguage,
        translations: fillTranslationTokens(definition.translations, tokens),
      },
      estimatedMinutes: input.estimatedMinutes,
      logoUrl: input.logoUrl,
    },
    surveyResponses: input.responses,
    lists: input.lists.respondentLists().filter((list) => questionListIds.has(list.listId)),
  };
}

/** Translations reach the respondent as the default texts do: with their `[tokens]` filled. */
function fillTranslationTokens(translations: Translations, tokens: Record<string, string>): Translations {
  return Object.fromEntries(
    Object.entries(translations).map(([language, translation]) => [
      language,
      {
        ...translation,
        ...(translation.openingText
          ? { openingText: fillPropertyTokens(translation.openingText, tokens) }
          : {}),
        ...(translation.closingText
          ? { closingText: fillPropertyTokens(translation.closingText, tokens) }
          : {}),
      },
    ]),
  );
}

/** The welcome's time for a version: computed when its settings ask for it, else the spec's 5. */
export function welcomeMinutes(definition: SurveyDefinition, showEstimatedTime: boolean): number {
  return showEstimatedTime ? estimateMinutes(definition) : fixedEstimateMinutes;
}

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
    await ctx.respondentCache.announceSave(surveyId);
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
