export const surveyAlertKeys = {
  all: ['survey-alerts'] as const,
  list: () => [...surveyAlertKeys.all, 'list'] as const,
  undelivered: () => [...surveyAlertKeys.all, 'undelivered'] as const,
};
