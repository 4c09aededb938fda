import type { ApiKeyScope } from '@graphium/shared';

export const scopeLabels: Record<ApiKeyScope, string> = {
  read: 'Read-only',
  'read-write': 'Read and write',
};
