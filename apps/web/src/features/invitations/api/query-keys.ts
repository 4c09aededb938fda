export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (workspaceInvitationId: string) => [...invitationKeys.all, workspaceInvitationId] as const,
};
