import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { logos } from '../../db/schema/index.js';

export type LogoRow = typeof logos.$inferSelect;
export type LogoSummary = Omit<LogoRow, 'content'>;

const summaryColumns = {
  customerId: logos.customerId,
  contentType: logos.contentType,
  sha256: logos.sha256,
  size: logos.size,
  updatedAt: logos.updatedAt,
};

/** The customer's logo without its bytes. */
export async function findLogoSummary(db: Executor, customerId: string): Promise<LogoSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(logos).where(eq(logos.customerId, customerId));
  return row;
}

/** The bytes behind a content-hash URL; any customer's logo with these bytes will do. */
export async function findLogoContent(
  db: Executor,
  sha256: string,
): Promise<Pick<LogoRow, 'content' | 'contentType'> | undefined> {
  const [row] = await db
    .select({ content: logos.content, contentType: logos.contentType })
    .from(logos)
    .where(eq(logos.sha256, sha256))
    .limit(1);
  return row;
}

/** One logo per customer: a new upload replaces the old one. */
export async function upsertLogo(
  db: Executor,
  values: Pick<LogoRow, 'customerId' | 'content' | 'contentType' | 'sha256' | 'size'>,
): Promise<LogoSummary> {
  const [row] = await db
    .insert(logos)
    .values(values)
    .onConflictDoUpdate({
      target: logos.customerId,
      set: {
        content: values.content,
        contentType: values.contentType,
        sha256: values.sha256,
        size: values.size,
        updatedAt: sql`now()`,
      },
    })
    .returning(summaryColumns);
  return row!;
}

/** False when the customer had no logo. */
export async function deleteLogo(db: Executor, customerId: string): Promise<boolean> {
  const rows = await db
    .delete(logos)
    .where(eq(logos.customerId, customerId))
    .returning({ customerId: logos.customerId });
  return rows.length > 0;
}
