import { hasWorkspaceRole, type WorkspaceRole } from '@graphium/shared';

// Who acts is a notion of the application: services take these types, whichever way (session
// cookie, API key, a job) the caller was identified. The HTTP layer only fills them in.

/** One of an account's workspaces, with the account's role in it. */
export interface Membership {
  workspaceId: string;
  workspaceName: string;
  customerId: string;
  role: WorkspaceRole;
  /**
   * Set while the workspace waits to be deleted (docs/decisions/044-retention-and-deletions.md):
   * an ISO instant; nothing but the deletion screens may act in it until it is restored.
   */
  deletionDueAt?: string | null;
}

/** A signed-in person: the account and its active memberships, oldest first. */
export interface SignedInAccount {
  accountId: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  businessName: string | null;
  memberships: Membership[];
  /**
   * Two-factor sign-in: whether the account has it, and whether one of its workspaces requires
   * it (then, until it has it, the session may only enrol). Absent where nobody signs in.
   */
  twoFactor?: { isEnabled: boolean; isRequired: boolean };
}

/** A signed-in person acting in the workspace they selected among their own. */
export interface MemberActor {
  account: SignedInAccount;
  membership: Membership;
  memberships: Membership[];
  /** The client's address, for the audit log (docs/decisions/017-audit-log.md). */
  address?: string;
}

/** Who acts on a workspace's data: a member, or an API key of the workspace's customer. */
export interface WorkspaceActor {
  workspaceId: string;
  customerId: string;
  /** The member's role; absent for an API key, whose scope decided what it may call. */
  role?: WorkspaceRole;
  /** The signed-in account; absent for an API key. */
  accountId?: string;
  /** The API key used; absent for a session. */
  apiKeyId?: string;
  /** The client's address, for the audit log (docs/decisions/017-audit-log.md). */
  address?: string;
}

export function hasRole(role: WorkspaceRole, atLeast: WorkspaceRole): boolean {
  return hasWorkspaceRole(role, atLeast);
}

/** Whether the request names a workspace (the `x-workspace-id` header or cookie). */
export function isRequested(requested: unknown): requested is string {
  return typeof requested === 'string' && requested !== '';
}

/** A named workspace that is not the caller's answers 404 with this, never another workspace's data. */
export const unknownWorkspaceMessage =
  'Workspace not found: the x-workspace-id you sent names no workspace you may act in.';

/** Picks the requested workspace among the account's own; anything else selects the oldest. */
export function selectMembership(memberships: Membership[], requested: unknown): Membership | undefined {
  return memberships.find((membership) => membership.workspaceId === requested) ?? memberships[0];
}

/** The workspace actor of a signed-in member. */
export function workspaceActorOf(member: MemberActor): WorkspaceActor {
  return {
    workspaceId: member.membership.workspaceId,
    customerId: member.membership.customerId,
    role: member.membership.role,
    accountId: member.account.accountId,
    ...(member.address === undefined ? {} : { address: member.address }),
  };
}
