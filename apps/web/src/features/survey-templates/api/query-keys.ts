import type { TemplateKind } from './template-kind';

export const templateKeys = {
  /** Templates of both kinds: their lists, versions and counts. */
  any: ['survey-templates'] as const,
  all: (kind: TemplateKind) => [...templateKeys.any, kind] as const,
  lists: (kind: TemplateKind) => [...templateKeys.all(kind), 'list'] as const,
  versions: (kind: TemplateKind) => [...templateKeys.all(kind), 'version'] as const,
  version: (kind: TemplateKind, versionId: string) => [...templateKeys.versions(kind), versionId] as const,
  /** A version's respondent page as the preview shows it (decision 022). */
  preview: (kind: TemplateKind, versionId: string) =>
    [...templateKeys.all(kind), 'preview', versionId] as const,
  /** Mutation key of a version's saves: the detail page watches their stale-write failures. */
  saves: (kind: TemplateKind, versionId: string) => [...templateKeys.all(kind), 'save', versionId] as const,
};
