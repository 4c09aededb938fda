import type { Invitation, StartupResponse } from '@graphium/shared';

export const accountId = '0b5e6f1e-6f5c-4a51-9a55-6f0c1d2e3f40';
export const workspaceId = '1c6f7a2f-7a6d-4b62-8b66-7a1d2e3f4a51';
const customerId = '2d7a8b3a-8b7e-4c73-9c77-8b2e3f4a5b62';
export const invitationId = '3e8b9c4b-9c8f-4d84-8d88-9c3f4a5b6c73';

export function buildStartup(
  overrides: {
    isGraphiumWorkspace?: boolean;
    role?: 'admin' | 'editor' | 'viewer';
    deletionDueAt?: string | null;
    twoFactor?: StartupResponse['twoFactor'];
  } = {},
): StartupResponse {
  return {
    account: {
      accountId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: 'ada@example.com',
      businessName: 'Analytical Engines',
    },
    workspaces: [
      {
        workspaceId,
        workspaceName: 'Analytical Engines',
        customerId,
        role: overrides.role ?? 'admin',
        isGraphiumWorkspace: overrides.isGraphiumWorkspace ?? false,
        deletionDueAt: overrides.deletionDueAt ?? null,
      },
    ],
    twoFactor: overrides.twoFactor ?? { isEnabled: false, isRequired: false },
  };
}

export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  const now = Date.now();
  return {
    workspaceId,
    workspaceInvitationId: invitationId,
    workspaceName: 'Difference Works',
    workspaceMemberCount: 3,
    workspaceSettings: { workspaceLogoUrl: null },
    emailAddress: 'grace@example.com',
    role: 'editor',
    isExistingAccount: false,
    isWorkspaceMember: false,
    isAccepted: false,
    expiresAt: new Date(now + 7 * 24 * 60 * 60 * 1000 + 60_000).toISOString(),
    createdAt: new Date(now).toISOString(),
    invitedBy: { firstName: 'Charles', lastName: 'Babbage' },
    ...overrides,
  };
}
