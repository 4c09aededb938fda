import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, appSettings, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

const settingKey = 'provider_workspace_id';

export async function readProviderWorkspaceId(db: Executor): Promise<string | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, settingKey));
  return row?.value;
}

/**
 * Chooses the provider workspace (docs/product-rules.md#workspaces-roles-and-invitations) by its id or by a
 * member's e-mail address
 * (that member's oldest workspace). Operators only: the CLI calls this, never a client.
 */
export async function chooseProviderWorkspace(db: Executor, workspaceOrEmail: string) {
  const isEmail = workspaceOrEmail.includes('@');
  const [workspace] = isEmail
    ? await db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .innerJoin(accounts, eq(accounts.id, workspaceMembers.accountId))
        .where(eq(accounts.emailAddress, workspaceOrEmail.trim().toLowerCase()))
        .orderBy(workspaceMembers.createdAt)
        .limit(1)
    : await db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaces)
        .where(sql`${workspaces.id}::text = ${workspaceOrEmail.trim()}`);
  if (!workspace) throw notFound(`No workspace found for ${workspaceOrEmail}`);
  await db
    .insert(appSettings)
    .values({ key: settingKey, value: workspace.id })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: workspace.id, updatedAt: sql`now()` } });
  return workspace;
}
