export const workspaceUserKeys = {
  all: ['workspace-users'] as const,
  list: () => [...workspaceUserKeys.all, 'list'] as const,
};
