import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountByEmail(
  db: Executor,
  emailAddress: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.emailAddress, emailAddress.toLowerCase()));
  return row;
}

export async function insertAccount(
  db: Executor,
  values: Pick<AccountRow, 'firstName' | 'lastName' | 'emailAddress' | 'businessName' | 'passwordHash'>,
): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function updateAccount(
  db: Executor,
  accountId: string,
  changes: Partial<Pick<AccountRow, 'firstName' | 'lastName' | 'businessName' | 'passwordHash' | 'isActive'>>,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId));
}
