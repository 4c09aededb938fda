export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  workspace: (workspaceId: string | undefined) => [...securityKeys.all, 'workspace', workspaceId] as const,
};
