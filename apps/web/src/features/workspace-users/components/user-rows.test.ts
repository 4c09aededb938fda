import type { WorkspaceUser } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { getMemberStatus, toUserRows } from './user-rows';

function buildUser(isActive: boolean, isAccountActive: boolean): WorkspaceUser {
  return {
    accountId: '0b5e6f1e-6f5c-4a51-9a55-6f0c1d2e3f40',
    role: 'editor',
    isActive,
    joinedAt: '2025-01-01T00:00:00.000Z',
    account: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: 'ada@example.com',
      isActive: isAccountActive,
    },
  };
}

describe('getMemberStatus', () => {
  it('is Active only when both the membership and the account are active', () => {
    expect(getMemberStatus(buildUser(true, true))).toBe('Active');
    expect(getMemberStatus(buildUser(false, true))).toBe('Inactive');
    expect(getMemberStatus(buildUser(true, false))).toBe('Inactive');
    expect(getMemberStatus(buildUser(false, false))).toBe('Inactive');
  });
});

describe('toUserRows', () => {
  it('lists members first, then pending invitations marked as invited', () => {
    const rows = toUserRows(
      {
        users: [buildUser(true, true)],
        invitations: [
          {
            workspaceInvitationId: '3e8b9c4b-9c8f-4d84-8d88-9c3f4a5b6c73',
            emailAddress: 'grace@example.com',
            role: 'viewer',
            expiresAt: '2025-01-08T00:00:00.000Z',
            createdAt: '2025-01-01T00:00:00.000Z',
          },
        ],
      },
      new Date('2025-01-10T00:00:00.000Z'),
    );

    expect(rows.map((row) => [row.kind, row.emailAddress, row.role, row.status])).toEqual([
      ['member', 'ada@example.com', 'editor', 'Active'],
      ['invitation', 'grace@example.com', 'viewer', 'Invited'],
    ]);
    expect(rows[1]).toMatchObject({ isExpired: true });
  });
});
