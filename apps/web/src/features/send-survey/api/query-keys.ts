export const sendSurveyKeys = {
  all: ['send-survey'] as const,
  delivery: (surveyId: string) => [...sendSurveyKeys.all, 'delivery', surveyId] as const,
};
