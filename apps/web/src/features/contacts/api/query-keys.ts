import type { ContactsQuery, SegmentFilter } from '@graphium/shared';

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (query: ContactsQuery) => [...contactKeys.lists(), query] as const,
  detail: (contactId: string) => [...contactKeys.all, 'detail', contactId] as const,
  attributes: () => [...contactKeys.all, 'attributes'] as const,
  import: (importId: string) => [...contactKeys.all, 'import', importId] as const,
  settings: () => [...contactKeys.all, 'settings'] as const,
  segments: () => [...contactKeys.all, 'segments'] as const,
  segmentMembers: (segmentId: string, filter: SegmentFilter) =>
    [...contactKeys.segments(), segmentId, 'members', filter] as const,
  recurringSends: () => [...contactKeys.all, 'recurring-sends'] as const,
};
