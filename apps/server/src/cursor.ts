// Cursor paging of the /api/v1 lists (docs/decisions/037-public-api-v1.md): `limit` rows after
// `cursor`, and `next` (null at the end) to pass as the next page's cursor. The cursor is opaque
// to clients: the last row's sort key (keyset), so rows inserted between two pages never shift
// a page or repeat a row. Services read pages with these; http/cursor-paging.ts reads requests.

/** The sort key of a row, as text (times as PostgreSQL prints them, so no precision is lost). */
export type CursorKey = string[];

/** What each part of a list's sort key is: a timestamptz as PostgreSQL prints it, or a uuid. */
export type CursorKeyPart = 'time' | 'id';

export interface CursorPage {
  /** The sort key of the previous page's last row; undefined for the first page. */
  after: CursorKey | undefined;
  limit: number;
}

function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor holds, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(key) && key.length > 0 && key.every((part) => typeof part === 'string')
      ? (key as CursorKey)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One page from the `limit + 1` rows read after the cursor: the extra row only tells that there
 * is a next page, whose cursor is the sort key of the last row kept.
 */
export function cutPage<Row>(
  rows: Row[],
  page: CursorPage,
  keyOf: (row: Row) => CursorKey,
): { rows: Row[]; next: string | null } {
  const kept = rows.slice(0, page.limit);
  const last = kept[kept.length - 1];
  return {
    rows: kept,
    next: rows.length > page.limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
