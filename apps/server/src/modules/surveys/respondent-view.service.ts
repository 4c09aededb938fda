import {
  estimateMinutes,
  fillPropertyTokens,
  findPropertyTokens,
  isSurveyExpired,
  isValidReviewLink,
  type LockedRespondentSurvey,
  propertyTokenValues,
  type RespondentSurvey,
  type RespondentSurveyReply,
  respondentQuestions,
  type SurveyDefinition,
  type SurveyResponses,
  type SurveyState,
  surveyNotFoundMessage,
  type Translations,
  templateLanguages,
} from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { type ListLookup, loadListLookup } from '../lists/list-lookup.service.js';
import { logoPath } from '../logo/logo.service.js';
import { listIdsOf, loadVersionDefinition } from '../templates/template-versions.service.js';
import { authenticationPropertiesOf } from './respondent-authentication.service.js';
import type { RespondentView } from './respondent-cache.js';
import { rememberSurveyAccess, type SurveyAccess } from './survey-access.js';
import { markOpened } from './survey-webhook-events.js';
import { findRespondentSurvey, type SurveyForSaving } from './surveys.repository.js';

// The respondent page's GET: the survey as its respondent sees it (docs/product-rules.md#the-respondent-page).

/**
 * docs/product-rules.md#the-respondent-page: an unknown, malformed or expired survey all read "doesn't exist
 * or has expired".
 */
export const surveyNotFound = () => notFound(surveyNotFoundMessage);
/** The welcome's time unless the template shows an estimate: "about 5 minutes", as the spec words it. */
const fixedEstimateMinutes = 5;
export const authenticationRequiredMessage = 'Please confirm your details to open this survey.';

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

export function rememberAccess(
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
