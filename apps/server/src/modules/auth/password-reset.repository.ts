import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema/index.js';

export async function insertResetToken(
  db: Executor,
  values: { tokenHash: string; accountId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a live token used and answers its account; undefined when unknown, used or expired. */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ accountId: passwordResetTokens.accountId });
  return row?.accountId;
}

/** A new link makes the older ones of the same account useless. */
export async function expireAccountResetTokens(db: Executor, accountId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
}
