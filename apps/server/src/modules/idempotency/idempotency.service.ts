import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, invalid } from '../../errors.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency.repository.js';

// `Idempotency-Key` on the /api/v1 POSTs (docs/decisions/037-public-api-v1.md): the first request
// with a key runs and its reply is kept for 24 hours; a retry with the same key and the same
// request gets that reply again (status and body), never a second run; the same key with
// another request is refused (422); while the first still runs, a retry gets 409.

const idempotencyRetentionMs = 24 * 60 * 60 * 1000;
/**
 * A claim still `running` this long after it was made has lost its request (the process died
 * between the write's commit and keeping the reply, or before the commit): whether it took effect
 * is unknown, so a retry is told so instead of "still being processed", and is never run again
 * (docs/decisions/047-connect-gaps.md). Far past any request's run: a 10,000-row bulk send takes
 * well under a minute.
 */
export const staleIdempotencyClaimMs = 10 * 60 * 1000;
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** The one request a key may be used for: method, path and query, and the body. */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** JSON with object keys sorted, so the same body sent with keys in another order matches. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested && typeof nested === 'object' && !Array.isArray(nested) && !(nested instanceof Date)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}

/** The header's value, checked: 1 to 255 visible ASCII characters. */
export function requireIdempotencyKey(value: string | string[]): string {
  const key = Array.isArray(value) ? undefined : value.trim();
  if (key === undefined || !keyPattern.test(key)) {
    const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).';
    throw invalid(message, { 'Idempotency-Key': message });
  }
  return key;
}

type IdempotencyStart =
  | { kind: 'run' }
  | { kind: 'replay'; status: number; contentType: string | null; body: string };

/** Claims the key for this request, or answers with the first request's reply. */
export async function startIdempotentRequest(
  ctx: AppContext,
  apiKeyId: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyStart> {
  const now = ctx.now();
  const expiredBefore = new Date(now.getTime() - idempotencyRetentionMs);
  if (await claimIdempotencyKey(ctx.db, { apiKeyId, key, fingerprint, now, expiredBefore })) {
    return { kind: 'run' };
  }
  const row = await findIdempotencyKey(ctx.db, apiKeyId, key);
  // Released between the two statements (the first request failed): this one may run.
  if (!row) return startIdempotentRequest(ctx, apiKeyId, key, fingerprint);
  if (row.fingerprint !== fingerprint) {
    throw new AppError(
      'UNPROCESSABLE',
      'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
    );
  }
  const isLost = row.state === 'running' && now.getTime() - row.createdAt.getTime() > staleIdempotencyClaimMs;
  if (isLost) {
    throw new AppError(
      'CONFLICT',
      'The first request with this Idempotency-Key did not finish, so whether it took effect is unknown. Check before sending it again, with a new key.',
    );
  }
  if (row.state === 'running' || row.responseStatus === null || row.responseBody === null) {
    throw new AppError(
      'CONFLICT',
      'A request with this Idempotency-Key is still being processed. Retry in a moment to get its reply.',
      undefined,
      1,
    );
  }
  return {
    kind: 'replay',
    status: row.responseStatus,
    contentType: row.responseContentType,
    body: row.responseBody,
  };
}

/**
 * Keeps the reply of a claimed request. A failure on our side (5xx) releases the key instead, so
 * that the retry the client is told to make may run.
 */
export async function finishIdempotentRequest(
  ctx: AppContext,
  apiKeyId: string,
  key: string,
  reply: { status: number; contentType: string | null; body: string | undefined },
): Promise<void> {
  if (reply.status >= 500 || reply.body === undefined) {
    await releaseIdempotencyKey(ctx.db, apiKeyId, key);
    return;
  }
  await completeIdempotencyKey(ctx.db, apiKeyId, key, { ...reply, body: reply.body, now: ctx.now() });
}

/** The hourly purge: keys older than their 24 hours. */
export async function purgeExpiredIdempotencyKeys(ctx: AppContext): Promise<number> {
  return deleteIdempotencyKeysBefore(ctx.db, new Date(ctx.now().getTime() - idempotencyRetentionMs));
}
