export const privacyKeys = {
  all: ['privacy'] as const,
  respondent: (contact: string) => [...privacyKeys.all, 'respondent', contact] as const,
};
