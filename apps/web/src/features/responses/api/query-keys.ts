import type { SurveyResponsesParams } from './get-survey-responses';

export const responseKeys = {
  all: ['responses'] as const,
  lists: () => [...responseKeys.all, 'list'] as const,
  list: (params: SurveyResponsesParams) => [...responseKeys.lists(), params] as const,
  detail: (surveyId: string) => [...responseKeys.all, 'detail', surveyId] as const,
  lookupList: (listId: string) => [...responseKeys.all, 'lookup-list', listId] as const,
};
