export const publicLinkKeys = {
  all: ['public-links'] as const,
  list: (templateId: string) => [...publicLinkKeys.all, 'list', templateId] as const,
};
