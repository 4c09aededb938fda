import type { WorkspaceRole } from '@graphium/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Membership } from '../../actor.js';
import type { Executor } from '../../db/client.js';
import { accounts, customers, workspaceMembers, workspaces } from '../../db/schema/index.js';

/** The account's active memberships, oldest first. */
export async function findActiveMemberships(db: Executor, accountId: string): Promise<Membership[]> {
  return db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      customerId: workspaces.customerId,
      role: workspaceMembers.role,
      deletionDueAt: sql<
        string | null
      >`to_char(${workspaces.deletionDueAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.accountId, accountId), eq(workspaceMembers.isActive, true)))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id));
}

export async function insertCustomer(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(customers).values({ name }).returning({ id: customers.id });
  return row!.id;
}

export async function insertWorkspace(
  db: Executor,
  values: { customerId: string; name: string },
): Promise<string> {
  const [row] = await db.insert(workspaces).values(values).returning({ id: workspaces.id });
  return row!.id;
}

export async function findWorkspaceNames(
  db: Executor,
  workspaceIds: string[],
): Promise<Map<string, { name: string; customerId: string }>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, customerId: workspaces.customerId })
    .from(workspaces)
    .where(inArray(workspaces.id, workspaceIds));
  return new Map(rows.map((row) => [row.id, { name: row.name, customerId: row.customerId }]));
}

export async function insertMember(
  db: Executor,
  values: { workspaceId: string; accountId: string; role: WorkspaceRole },
): Promise<void> {
  await db
    .insert(workspaceMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [workspaceMembers.workspaceId, workspaceMembers.accountId],
      set: { isActive: true, role: values.role, updatedAt: sql`now()` },
    });
}

/** Adds the member unless the account has any membership row there (active or not). */
export async function insertMemberIfMissing(
  db: Executor,
  values: { workspaceId: string; accountId: string; role: WorkspaceRole },
): Promise<boolean> {
  const rows = await db
    .insert(workspaceMembers)
    .values(values)
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.accountId] })
    .returning({ accountId: workspaceMembers.accountId });
  return rows.length > 0;
}

export async function findMember(db: Executor, workspaceId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.accountId, accountId)));
  return row;
}

export async function findWorkspaceUsers(db: Executor, workspaceId: string) {
  return db
    .select({
      accountId: accounts.id,
      role: workspaceMembers.role,
      isActive: workspaceMembers.isActive,
      joinedAt: workspaceMembers.createdAt,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      emailAddress: accounts.emailAddress,
      accountIsActive: accounts.isActive,
    })
    .from(workspaceMembers)
    .innerJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(accounts.id));
}

export async function updateMember(
  db: Executor,
  workspaceId: string,
  accountId: string,
  changes: { role?: WorkspaceRole; isActive?: boolean },
): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.accountId, accountId)));
}

/** Active members whose account is active too (docs/product-rules.md#workspaces-roles-and-invitations). */
export async function countActiveMembers(
  db: Executor,
  workspaceId: string,
  role?: WorkspaceRole,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workspaceMembers)
    .innerJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.isActive, true),
        eq(accounts.isActive, true),
        role ? eq(workspaceMembers.role, role) : undefined,
      ),
    );
  return row?.value ?? 0;
}

/** Serialises membership changes of one workspace (last-admin checks) within a transaction. */
export async function lockWorkspace(db: Executor, workspaceId: string): Promise<void> {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

export async function findRequireTwoFactor(db: Executor, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoFactor: workspaces.requireTwoFactor })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.requireTwoFactor ?? false;
}

export async function updateRequireTwoFactor(
  db: Executor,
  workspaceId: string,
  requireTwoFactor: boolean,
): Promise<void> {
  await db.update(workspaces).set({ requireTwoFactor }).where(eq(workspaces.id, workspaceId));
}

/** Every membership of the account, active or not. */
export async function deleteMemberships(db: Executor, accountId: string): Promise<void> {
  await db.delete(workspaceMembers).where(eq(workspaceMembers.accountId, accountId));
}
