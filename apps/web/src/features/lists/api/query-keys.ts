export const listKeys = {
  all: ['lists'] as const,
  summaries: () => [...listKeys.all, 'summaries'] as const,
  detail: (listId: string) => [...listKeys.all, 'detail', listId] as const,
};
