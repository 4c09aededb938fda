import type { WorkspaceRole } from '@graphium/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ssoConnections, ssoDomains, workspaceMembers, workspaces } from '../../db/schema/index.js';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

export async function findConnectionOfCustomer(
  db: Executor,
  customerId: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.customerId, customerId));
  return row;
}

export async function findConnectionById(db: Executor, id: string): Promise<SsoConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id));
  return row;
}

/** The connection that owns an e-mail domain, if any. */
export async function findConnectionOfDomain(
  db: Executor,
  domain: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(eq(ssoDomains.domain, domain));
  return row?.connection;
}

export async function findConnectionDomains(db: Executor, connectionId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.connectionId, connectionId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => row.domain);
}

/** Domains among `domains` that another connection already owns. */
export async function findDomainsOwnedElsewhere(
  db: Executor,
  domains: string[],
  connectionId: string | undefined,
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(
      connectionId
        ? and(inArray(ssoDomains.domain, domains), ne(ssoDomains.connectionId, connectionId))
        : inArray(ssoDomains.domain, domains),
    );
  return rows.map((row) => row.domain);
}

export interface ConnectionValues {
  customerId: string;
  workspaceId: string;
  issuerUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  defaultRole: WorkspaceRole;
  isRequired: boolean;
}

/** Inserts or replaces the customer's connection, and its domains with `domains`. */
export async function upsertConnection(
  db: Executor,
  values: ConnectionValues,
  domains: string[],
  now: Date,
): Promise<SsoConnectionRow> {
  const { customerId, ...changes } = values;
  const [row] = await db
    .insert(ssoConnections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: ssoConnections.customerId, set: { ...changes, updatedAt: now } })
    .returning();
  await db.delete(ssoDomains).where(eq(ssoDomains.connectionId, row!.id));
  await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, connectionId: row!.id })));
  return row!;
}

export async function deleteConnection(db: Executor, id: string): Promise<void> {
  await db.delete(ssoConnections).where(eq(ssoConnections.id, id));
}

/**
 * The account's place in the customer's workspaces: `admin` when it is an active admin of one (the
 * break-glass), `member` when it is an active member of one, `former` when only inactive
 * memberships remain, undefined when it never belonged to the business.
 */
export async function placeInCustomer(
  db: Executor,
  accountId: string,
  customerId: string,
): Promise<'admin' | 'member' | 'former' | undefined> {
  const rows = await db
    .select({ role: workspaceMembers.role, isActive: workspaceMembers.isActive })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.accountId, accountId), eq(workspaces.customerId, customerId)));
  if (rows.some((row) => row.isActive && row.role === 'admin')) return 'admin';
  if (rows.some((row) => row.isActive)) return 'member';
  return rows.length > 0 ? 'former' : undefined;
}

/** The business a workspace belongs to. */
export async function findCustomerOfWorkspace(
  db: Executor,
  workspaceId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: workspaces.customerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.customerId;
}
