export const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  suppressions: () => [...notificationKeys.all, 'suppressions'] as const,
};
