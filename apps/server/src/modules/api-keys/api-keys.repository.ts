import type { ApiKeyScope } from '@graphium/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import { apiKeys, workspaces } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Executor,
  values: Pick<
    ApiKeyRow,
    'customerId' | 'name' | 'description' | 'keyHash' | 'scopes' | 'createdByAccountId'
  >,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** The customer's keys, newest first. */
export async function findCustomerApiKeys(db: Executor, customerId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.customerId, customerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findCustomerApiKey(
  db: Executor,
  customerId: string,
  apiKeyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.customerId, customerId)));
  return row;
}

/** Revokes an active key of this customer; undefined when there was no active key to revoke. */
export async function revokeCustomerApiKey(
  db: Executor,
  customerId: string,
  apiKeyId: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ isActive: false, revokedAt: now })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.customerId, customerId), eq(apiKeys.isActive, true)))
    .returning();
  return row;
}

export interface ActiveApiKey {
  apiKeyId: string;
  customerId: string;
  scopes: ApiKeyScope[];
  lastUsedAt: Date | null;
  /** The customer's workspaces, oldest first, but those waiting to be deleted (decision 044). */
  workspaceIds: string[];
}

// Qualified by hand: in a select without joins Drizzle writes a bare "customer_id", which inside
// this subquery would mean w.customer_id and match every workspace.
const workspacesOfCustomer = sql<string[] | string>`coalesce((
  select json_agg(w.id order by w.created_at, w.id)
  from ${workspaces} w
  where w.customer_id = ${apiKeys}.${sql.identifier(apiKeys.customerId.name)}
    and w.deletion_due_at is null
), '[]'::json)`;

function prepareFindActiveApiKey(db: Executor) {
  return db
    .select({
      apiKeyId: apiKeys.id,
      customerId: apiKeys.customerId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      workspaceIds: workspacesOfCustomer,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), eq(apiKeys.isActive, true)))
    .prepare('find_active_api_key');
}

// Every API call starts here.
const findActiveApiKeyStatement = preparedPerDatabase(prepareFindActiveApiKey);

/** The active key with this hash and its customer's workspaces, in one round trip. */
export async function findActiveApiKey(db: Executor, keyHash: string): Promise<ActiveApiKey | undefined> {
  const [row] = await findActiveApiKeyStatement(db).execute({ keyHash });
  if (!row) return undefined;
  const { workspaceIds, lastUsedAt, scopes, ...key } = row;
  return {
    ...key,
    scopes: parseTextArray(scopes),
    // Prepared statements hand timestamps back as given by the driver: normalise to Date.
    lastUsedAt: lastUsedAt === null ? null : new Date(lastUsedAt),
    workspaceIds: typeof workspaceIds === 'string' ? JSON.parse(workspaceIds) : workspaceIds,
  };
}

/** Records a use, unless another request already did within `sinceMs`. */
export async function touchApiKey(db: Executor, apiKeyId: string, now: Date, sinceMs: number): Promise<void> {
  const threshold = new Date(now.getTime() - sinceMs).toISOString();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, apiKeyId),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${threshold})`,
      ),
    );
}

/** A text[] as the driver gives it: an array, or (a prepared statement on some drivers) its literal. */
function parseTextArray(value: unknown): ApiKeyScope[] {
  if (Array.isArray(value)) return value as ApiKeyScope[];
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return (inner === '' ? [] : inner.split(',')) as ApiKeyScope[];
  }
  return [];
}
