import type {
  LockedRespondentSurvey,
  RespondentSurvey,
  SurveyAnswer,
  SurveyResponses,
  SurveyState,
} from '@graphium/shared';
import type { SurveySource } from './api';

/**
 * The template preview's survey source (decision 022): the version's respondent page as the
 * server answered it for a fresh survey, then everything in memory. Authentication is asked as a
 * sent survey would ask it (the properties flagged for it) and accepts anything; saves are kept
 * here only, so nothing reaches the server and closing the tab forgets them. The page's own
 * checks (required questions, lengths, options) apply as for a respondent; the server's second
 * look at each answer is left out on purpose: the rules' module would then be shared with this
 * staff-only file and travel in the respondent page's bundle (decision 022).
 */
export function previewSource(survey: RespondentSurvey): SurveySource {
  const { surveyTemplateDefinition: definition, surveyTemplateName, logoUrl } = survey.surveyTemplate;
  const authenticationProperties = definition.properties
    .filter((property) => property.validation.authentication)
    .map(({ id, label, type, validation }) => ({ id, label, type, required: validation.required }));
  let isAuthenticated = authenticationProperties.length === 0;
  let surveyState: SurveyState = survey.surveyState;
  let responses: SurveyResponses = {};

  const locked = (): LockedRespondentSurvey => ({
    surveyId: survey.surveyId,
    surveyState,
    requiresAuthentication: true,
    surveyTemplate: {
      surveyTemplateName,
      logoUrl,
      authenticationProperties,
      languages: [definition.defaultLanguage, ...Object.keys(definition.translations ?? {})],
    },
  });

  return {
    getSurvey: async () =>
      isAuthenticated ? { ...survey, surveyState, surveyResponses: responses } : locked(),
    authenticate: async () => {
      isAuthenticated = true;
      return { success: true, message: '' };
    },
    save: async (answers: Record<string, SurveyAnswer | null>, markAsComplete: boolean) => {
      const merged: SurveyResponses = { ...responses };
      for (const [questionId, value] of Object.entries(answers)) {
        if (value === null) delete merged[questionId];
        else merged[questionId] = value;
      }
      responses = merged;
      surveyState = markAsComplete ? 'COMPLETE' : 'IN_PROGRESS';
      return { surveyId: survey.surveyId, surveyState, surveyResponses: responses };
    },
  };
}
