import { type ApiArea, type ApiKeyScope, apiAreas, areaModeOf } from '@graphium/shared';

export const areaLabels: Record<ApiArea, string> = {
  responses: 'Responses',
  templates: 'Templates',
  contacts: 'Contacts',
  sends: 'Sends',
};

export const areaModeLabels = { none: 'No access', read: 'Read', write: 'Read and write' } as const;
export type AreaMode = keyof typeof areaModeLabels;

/** What a key may do in each area, as shown beside it: "Responses: Read · Sends: Read and write". */
export function describeScopes(scopes: readonly ApiKeyScope[]): { area: ApiArea; mode: AreaMode }[] {
  return apiAreas
    .map((area) => ({ area, mode: areaModeOf(scopes, area) }))
    .filter((entry) => entry.mode !== 'none');
}

export function scopesSummary(scopes: readonly ApiKeyScope[]): string {
  return describeScopes(scopes)
    .map(({ area, mode }) => `${areaLabels[area]}: ${areaModeLabels[mode]}`)
    .join(' · ');
}
