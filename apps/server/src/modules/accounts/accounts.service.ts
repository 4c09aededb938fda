import type { CompleteSignUp, StartupResponse } from '@graphium/shared';
import { type Membership, type SignedInAccount, selectMembership } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { oncePer } from '../../once-per.js';
import {
  type AccountRow,
  eraseAccountRow,
  findAccountByEmail as findAccountRowByEmail,
  insertAccount,
  updateAccount,
} from './accounts.repository.js';

export type { AccountRow };

type StartupAccount = Pick<
  SignedInAccount,
  'accountId' | 'firstName' | 'lastName' | 'emailAddress' | 'businessName' | 'twoFactor'
>;

/**
 * The startup payload (docs/product-rules.md#accounts-and-sign-in): the selected workspace first, the
 * provider workspace flagged.
 */
export function buildStartup(
  ctx: AppContext,
  account: StartupAccount,
  memberships: Membership[],
  selectedWorkspaceId?: string,
): StartupResponse {
  const selected = selectMembership(memberships, selectedWorkspaceId);
  const ordered = selected ? [selected, ...memberships.filter((m) => m !== selected)] : memberships;
  return {
    account: {
      accountId: account.accountId,
      firstName: account.firstName,
      lastName: account.lastName,
      emailAddress: account.emailAddress,
      businessName: account.businessName,
    },
    workspaces: ordered.map((membership) => ({
      workspaceId: membership.workspaceId,
      workspaceName: membership.workspaceName,
      customerId: membership.customerId,
      role: membership.role,
      isGraphiumWorkspace: membership.workspaceId === ctx.providerWorkspaceId,
      deletionDueAt: membership.deletionDueAt ?? null,
    })),
    twoFactor: {
      isEnabled: account.twoFactor?.isEnabled ?? false,
      isRequired: account.twoFactor?.isRequired ?? false,
    },
  };
}

/**
 * Startup replies per signed-in account object. The session cache hands out one object per session
 * until the session, the account or its memberships change (then a new one), so a reply is built,
 * and its JSON written, once per object and selected workspace rather than on every page load.
 */
const startupRepliesOf = oncePer((_account: SignedInAccount) => new Map<string, StartupResponse>());
/** Replies kept per account object: a caller may name any workspace id, known or not. */
const maxRepliesPerAccount = 8;

export function getStartup(
  ctx: AppContext,
  account: SignedInAccount,
  selectedWorkspaceId: unknown,
): StartupResponse {
  const selected = typeof selectedWorkspaceId === 'string' ? selectedWorkspaceId : undefined;
  const replies = startupRepliesOf(account);
  const key = selected ?? '';
  let reply = replies.get(key);
  if (!reply) {
    if (replies.size >= maxRepliesPerAccount) replies.clear();
    reply = buildStartup(ctx, account, account.memberships, selected);
    replies.set(key, reply);
  }
  return reply;
}

/** The minimal "Complete Your Sign Up" variant: names and business name of the signed-in account. */
export async function completeProfile(
  ctx: AppContext,
  account: SignedInAccount,
  input: CompleteSignUp,
  selectedWorkspaceId: unknown,
): Promise<StartupResponse> {
  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    businessName: input.businessName ?? null,
  };
  await updateAccount(ctx.db, account.accountId, changes);
  ctx.sessionCache.forgetAccount(account.accountId);
  return getStartup(ctx, { ...account, ...changes }, selectedWorkspaceId);
}

/** The account of an e-mail address, whatever its case. */
export function findAccountByEmail(db: Executor, emailAddress: string): Promise<AccountRow | undefined> {
  return findAccountRowByEmail(db, emailAddress);
}

/** A new account, in the caller's transaction. */
export function createAccount(
  db: Executor,
  values: Pick<AccountRow, 'firstName' | 'lastName' | 'emailAddress' | 'businessName' | 'passwordHash'>,
): Promise<AccountRow> {
  return insertAccount(db, values);
}

export async function setAccountPassword(
  db: Executor,
  accountId: string,
  passwordHash: string,
): Promise<void> {
  await updateAccount(db, accountId, { passwordHash });
}

/** The name a deleted account's work is attributed to (decision 044). */
const deletedAccountName = { firstName: 'Deleted', lastName: 'user' } as const;

/**
 * Erases a deleted account's person (decision 044), in the caller's transaction: names, address and
 * password go, the row stays inactive so what it authored still points somewhere ("Deleted user").
 */
export async function eraseAccount(tx: Executor, accountId: string, now: Date): Promise<void> {
  await eraseAccountRow(tx, accountId, {
    ...deletedAccountName,
    emailAddress: `deleted-${accountId}@deleted.invalid`,
    now,
  });
}
