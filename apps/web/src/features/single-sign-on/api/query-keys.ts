export const ssoKeys = {
  all: ['single-sign-on'] as const,
  settings: (customerId: string | undefined) => [...ssoKeys.all, 'settings', customerId] as const,
};
