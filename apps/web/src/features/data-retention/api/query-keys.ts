export const dataRetentionKeys = {
  all: ['data-retention'] as const,
  settings: () => [...dataRetentionKeys.all, 'settings'] as const,
  workspaceDeletion: () => [...dataRetentionKeys.all, 'workspace-deletion'] as const,
};
