export const authKeys = {
  all: ['auth'] as const,
  startup: () => [...authKeys.all, 'startup'] as const,
};
