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

export async function eraseAccountRow(
  db: Executor,
  accountId: string,
  values: { firstName: string; lastName: string; emailAddress: string; now: Date },
): Promise<void> {
  await db
    .update(accounts)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      emailAddress: values.emailAddress,
      businessName: null,
      // Not an argon2 hash: no password ever matches it.
      passwordHash: '!',
      isActive: false,
      deletedAt: values.now,
      updatedAt: values.now,
    })
    .where(eq(accounts.id, accountId));
}
