import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CursorKey, type CursorKeyPart, type CursorPage, decodeCursor } from '../cursor.js';
import { invalid } from '../errors.js';
import { isUuid } from '../ids.js';

// The request side of cursor paging (src/cursor.ts; docs/decisions/037-public-api-v1.md).

const limits = { min: 1, max: 100, default: 25 } as const;
const limitMessage = `limit must be between ${limits.min} and ${limits.max}`;
const invalidCursorMessage = 'Invalid cursor: pass the `next` value of the previous page unchanged.';

/** The query parameters every cursor-paged list adds to its own. */
export const cursorPageQueryShape = {
  cursor: z
    .string()
    .min(1, invalidCursorMessage)
    .max(1000, invalidCursorMessage)
    .optional()
    .describe('The `next` value of the previous page; leave out for the first page.'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(limits.min, limitMessage)
    .max(limits.max, limitMessage)
    .default(limits.default)
    .describe(`Rows per page, ${limits.min} to ${limits.max} (default ${limits.default}).`),
};

/** A page of a list: its rows under the list's own name, and the cursor of the next page. */
export function cursorPageSchema(items: string, item: z.ZodType) {
  return z.object({
    [items]: z.array(item),
    next: z.string().nullable().describe('Pass as `cursor` to read the next page; null on the last page.'),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers pages of a list (set on the /api/v1 list twins). */
    cursorPaged?: boolean;
  }
}

/**
 * The page a list route is asked for: on a cursor-paged route (the /api/v1 lists) the `cursor`
 * and `limit` of its query, else undefined (the unversioned route answers as it always did).
 * `keyParts` says what each part of the list's sort key is, so a forged cursor answers 400.
 */
export function pageOf(request: FastifyRequest, keyParts: readonly CursorKeyPart[]): CursorPage | undefined {
  if (!request.routeOptions.config.cursorPaged) return undefined;
  const { cursor, limit } = request.query as { cursor?: string; limit: number };
  return { after: cursor === undefined ? undefined : requireCursor(cursor, keyParts), limit };
}

// A time as PostgreSQL prints a timestamptz ("2026-11-26 04:10:37.123456+00").
const timePattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?$/;
const isPart: Record<CursorKeyPart, (value: string) => boolean> = {
  time: (value) => timePattern.test(value),
  id: isUuid,
};

function requireCursor(cursor: string, keyParts: readonly CursorKeyPart[]): CursorKey {
  const key = decodeCursor(cursor);
  if (!key || key.length !== keyParts.length || key.some((part, index) => !isPart[keyParts[index]!](part))) {
    throw invalid(`cursor: ${invalidCursorMessage}`, { cursor: invalidCursorMessage });
  }
  return key;
}

/**
 * A list route's reply on its /api/v1 twin: the page, checked by the twin's own response schema
 * (`cursorPageSchema`) when it is serialised. The handler's types follow the unversioned route's
 * schema, which a page does not match, hence `never`.
 */
export function pageReply(page: { next: string | null }): never {
  return page as never;
}
