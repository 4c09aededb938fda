import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt } from './columns.js';

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Names the session to its person (Settings → Security) without revealing the token's hash. */
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    /** The browser and system it was opened from, summarised ("Chrome on Linux"). */
    device: text('device'),
    ipAddress: text('ip_address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Set when the session was ended for the person (their access to a workspace was removed):
     * the session no longer signs in, and the next request says why. Written by a trigger on
     * workspace_members (migration 0008).
     */
    endedReason: text('ended_reason'),
  },
  (table) => [
    index('sessions_account_id_idx').on(table.accountId),
    uniqueIndex('sessions_id_key').on(table.id),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_account_id_idx').on(table.accountId)],
);

/**
 * An account's TOTP authenticator (RFC 6238; docs/decisions/018-two-factor-and-sessions.md). The
 * secret is encrypted with a key derived from SESSION_SECRET. `enabledAt` is null while the
 * enrolment waits for its first code.
 */
export const accountTwoFactor = pgTable('account_two_factor', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  encryptedSecret: text('encrypted_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step whose code was accepted: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per account, stored as SHA-256 hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('two_factor_recovery_codes_account_id_idx').on(table.accountId)],
);

/**
 * A sign-in whose password was right and that waits for its second step: five minutes, single
 * use; the httpOnly cookie holds the token, the table its SHA-256.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    workspaceInvitationId: uuid('workspace_invitation_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_challenges_account_id_idx').on(table.accountId)],
);
