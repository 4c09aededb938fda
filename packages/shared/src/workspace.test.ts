import { describe, expect, it } from 'vitest';
import { inviteUserSchema, isInvitationExpired } from './workspace.js';

describe('invite user rules (docs/product-rules.md#workspaces-roles-and-invitations)', () => {
  it('requires an address with the form messages', () => {
    expect(inviteUserSchema.safeParse({ emailAddress: '' }).error?.issues[0]?.message).toBe(
      'Email address is required',
    );
    expect(inviteUserSchema.safeParse({ emailAddress: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
  });

  it('defaults the role to editor', () => {
    expect(inviteUserSchema.parse({ emailAddress: 'a@b.co' }).role).toBe('editor');
  });

  it('is expired once expiresAt has passed', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(isInvitationExpired('2026-01-09T23:59:59Z', now)).toBe(true);
    expect(isInvitationExpired('2026-01-10T00:00:01Z', now)).toBe(false);
  });
});
