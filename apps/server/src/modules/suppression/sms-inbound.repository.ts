import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { surveys } from '../../db/schema.js';

/**
 * The workspaces that sent a survey to one of these phone numbers (digits, as contact methods
 * store them), with the form each stored. A jsonb containment per number: it needs no index to be
 * correct, and a GIN index on `contact_methods` would serve it as is.
 */
export async function findWorkspacesThatTexted(
  db: Executor,
  phoneNumbers: string[],
): Promise<{ workspaceId: string; phoneNumber: string }[]> {
  const found: { workspaceId: string; phoneNumber: string }[] = [];
  for (const phoneNumber of phoneNumbers) {
    const method = JSON.stringify([{ contactMethodType: 'phone', phoneNumber }]);
    const rows = await db
      .select({ workspaceId: surveys.workspaceId })
      .from(surveys)
      .where(sql`${surveys.contactMethods} @> ${method}::jsonb`)
      .groupBy(surveys.workspaceId);
    found.push(...rows.map((row) => ({ workspaceId: row.workspaceId, phoneNumber })));
  }
  return found;
}
