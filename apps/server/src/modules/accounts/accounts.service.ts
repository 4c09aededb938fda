import type { CompleteSignUp, SignUp, StartupResponse } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict } from '../../errors.js';
import { selectMembership } from '../../http/request-context.js';
import { hashPassword } from '../auth/passwords.js';
import { startSession } from '../auth/sessions.js';
import type { SessionAccount } from '../auth/sessions.repository.js';
import { acceptInvitationInTransaction } from '../invitations/invitations.service.js';
import {
  findActiveMemberships,
  insertCustomer,
  insertMember,
  insertWorkspace,
  type Membership,
} from '../workspaces/workspaces.repository.js';
import { findAccountByEmail, insertAccount, updateAccount } from './accounts.repository.js';

export const duplicateEmailMessage =
  'An account with this email address already exists. Please sign in instead.';

type StartupAccount = Pick<
  SessionAccount,
  'accountId' | 'firstName' | 'lastName' | 'emailAddress' | 'businessName'
>;

/** The startup payload (part 1 §3): the selected workspace first, the provider workspace flagged. */
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
    })),
  };
}

export function getStartup(
  ctx: AppContext,
  account: SessionAccount,
  selectedWorkspaceId: unknown,
): StartupResponse {
  return buildStartup(
    ctx,
    account,
    account.memberships,
    typeof selectedWorkspaceId === 'string' ? selectedWorkspaceId : undefined,
  );
}

export interface SignedIn {
  token: string;
  startup: StartupResponse;
  selected: Membership;
}

/**
 * Full sign-up: account, customer and workspace (the new account is its admin). Through an
 * invitation the account joins the inviting workspace instead, with the invited role.
 */
export async function signUp(ctx: AppContext, input: SignUp): Promise<SignedIn> {
  if (await findAccountByEmail(ctx.db, input.emailAddress)) throw conflict(duplicateEmailMessage);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    const { account, membership } = await ctx.db.transaction(async (tx) => {
      const account = await insertAccount(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        emailAddress: input.emailAddress,
        businessName: input.businessName ?? null,
        passwordHash,
      });
      if (input.workspaceInvitationId) {
        const membership = await acceptInvitationInTransaction(
          tx,
          input.workspaceInvitationId,
          { accountId: account.id, emailAddress: account.emailAddress },
          now,
        );
        return { account, membership };
      }
      const businessName = input.businessName ?? `${input.firstName} ${input.lastName}`;
      const customerId = await insertCustomer(tx, businessName);
      const workspaceName = input.businessName ?? `${input.firstName}'s workspace`;
      const workspaceId = await insertWorkspace(tx, { customerId, name: workspaceName });
      await insertMember(tx, { workspaceId, accountId: account.id, role: 'admin' });
      const membership: Membership = { workspaceId, workspaceName, customerId, role: 'admin' };
      return { account, membership };
    });
    const token = await startSession(ctx, account.id);
    const startupAccount = { ...account, accountId: account.id };
    const memberships = await findActiveMemberships(ctx.db, account.id);
    return {
      token,
      selected: membership,
      startup: buildStartup(ctx, startupAccount, memberships, membership.workspaceId),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateEmailMessage);
    throw error;
  }
}

/** The minimal "Complete Your Sign Up" variant: names and business name of the signed-in account. */
export async function completeProfile(
  ctx: AppContext,
  account: SessionAccount,
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
