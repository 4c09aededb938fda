export const logoKeys = {
  all: ['logo'] as const,
  current: () => [...logoKeys.all, 'current'] as const,
};
