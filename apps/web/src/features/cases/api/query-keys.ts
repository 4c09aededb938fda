import type { CasesQuery } from '@graphium/shared';

export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (query: CasesQuery) => [...caseKeys.lists(), query] as const,
  detail: (caseId: string) => [...caseKeys.all, 'detail', caseId] as const,
  assignees: () => [...caseKeys.all, 'assignees'] as const,
  figures: (templateId: string | undefined) => [...caseKeys.all, 'figures', templateId ?? 'all'] as const,
};
