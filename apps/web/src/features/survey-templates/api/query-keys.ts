import type { TemplateKind } from './template-kind';

export const templateKeys = {
  all: (kind: TemplateKind) => ['survey-templates', kind] as const,
  lists: (kind: TemplateKind) => [...templateKeys.all(kind), 'list'] as const,
  versions: (kind: TemplateKind) => [...templateKeys.all(kind), 'version'] as const,
  version: (kind: TemplateKind, versionId: string) => [...templateKeys.versions(kind), versionId] as const,
  /** Mutation key of a version's saves: the detail page watches their stale-write failures. */
  saves: (kind: TemplateKind, versionId: string) => [...templateKeys.all(kind), 'save', versionId] as const,
  lookupLists: () => ['survey-templates', 'lookup-lists'] as const,
  lookupList: (listId: string) => ['survey-templates', 'lookup-lists', listId] as const,
};
