import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

// An erased respondent's suppression entry keeps only a one-way key of the address
// (docs/decisions/043-erasure-and-access-requests.md): SHA-256 of the workspace id and the stored
// form of the contact, so the entry still stops a message to that address and names nobody. The
// same key is computed in SQL where the outbox checks suppressions as it claims a message.

const erasedPrefix = 'erased:';

/** The suppression key of an erased contact (a lower-cased address or a stored phone form). */
export function erasedContactKey(workspaceId: string, contact: string): string {
  return `${erasedPrefix}${createHash('sha256').update(`${workspaceId}:${contact.toLowerCase()}`).digest('hex')}`;
}

/** `erasedContactKey` in SQL, of a workspace id and a contact given as expressions. */
export function erasedContactKeySql(workspaceId: SQL, contact: SQL): SQL {
  return sql`(${erasedPrefix} || encode(sha256(convert_to(${workspaceId}::text || ':' || lower(${contact}), 'UTF8')), 'hex'))`;
}
