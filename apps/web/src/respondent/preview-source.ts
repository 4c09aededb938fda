import type {
  LockedRespondentSurvey,
  RespondentSurvey,
  SurveyAnswer,
  SurveyResponses,
  SurveyState,
} from '@graphium/shared';
import { findUnansweredRequired, validateAnswer } from '@graphium/shared/answer-rules';
import { ApiError, type SurveySource } from './api';

/**
 * The template preview's survey source (decision 022): the version's respondent page as the
 * server answered it for a fresh survey, then everything in memory. Authentication is asked as a
 * sent survey would ask it (the properties flagged for it) and accepts anything; saves are judged
 * as the server judges them (each answer, then the required questions on completion) and kept
 * here only, so nothing reaches the server and closing the tab forgets them.
 */
export function previewSource(survey: RespondentSurvey): SurveySource {
  const { surveyTemplateDefinition: definition, surveyTemplateName, logoUrl } = survey.surveyTemplate;
  const authenticationProperties = definition.properties
    .filter((property) => property.validation.authentication)
    .map(({ id, label, type, validation }) => ({ id, label, type, required: validation.required }));
  const questions = definition.questions;
  const itemIdsByList = new Map(
    survey.lists.map((list) => [list.listId, new Set(list.listItems.map((item) => item.listItemId))]),
  );
  let isAuthenticated = authenticationProperties.length === 0;
  let surveyState: SurveyState = survey.surveyState;
  let responses: SurveyResponses = {};

  const locked = (): LockedRespondentSurvey => ({
    surveyId: survey.surveyId,
    surveyState,
    requiresAuthentication: true,
    surveyTemplate: { surveyTemplateName, logoUrl, authenticationProperties },
  });

  return {
    getSurvey: async () =>
      isAuthenticated ? { ...survey, surveyState, surveyResponses: responses } : locked(),
    authenticate: async () => {
      isAuthenticated = true;
      return { success: true, message: '' };
    },
    save: async (answers: Record<string, SurveyAnswer | null>, markAsComplete: boolean) => {
      const errors: Record<string, string> = {};
      const merged: SurveyResponses = { ...responses };
      for (const [questionId, value] of Object.entries(answers)) {
        const question = questions.find((candidate) => candidate.id === questionId);
        const listId = question && 'listId' in question ? question.listId : undefined;
        const problem = question
          ? validateAnswer(question, value, { listItemIds: listId ? itemIdsByList.get(listId) : undefined })
          : 'This question is not in the survey';
        if (problem) errors[question?.label ?? questionId] = problem;
        else if (value === null) delete merged[questionId];
        else merged[questionId] = value;
      }
      const [problem] = Object.entries(errors);
      if (problem) throw new ApiError(`${problem[0]}: ${problem[1]}`, 400, true);
      if (markAsComplete) {
        const unanswered = findUnansweredRequired(questions, merged);
        if (unanswered.length > 0) {
          const labels = unanswered.map((question) => question.label).join(', ');
          throw new ApiError(`Please answer every required question: ${labels}.`, 400, true);
        }
        surveyState = 'COMPLETE';
      } else surveyState = 'IN_PROGRESS';
      responses = merged;
      return { surveyId: survey.surveyId, surveyState, surveyResponses: responses };
    },
  };
}
