import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import {
  fingerprintOf,
  finishIdempotentRequest,
  requireIdempotencyKey,
  startIdempotentRequest,
} from '../modules/idempotency/idempotency.service.js';
import { hashToken } from '../tokens.js';
import { actorOf } from './access.js';
import { readBearerToken } from './credentials.js';

// What every /api/v1 route shares besides its handler (docs/decisions/037-public-api-v1.md): a
// request budget per API key, told in the RateLimit-* headers of every reply, and
// `Idempotency-Key` on every POST.

export const rateLimitHeaders = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
} as const;

/**
 * API_RATE_LIMIT requests a minute per API key (per client address for a request without one),
 * counted across every /api/v1 route, in Redis when configured (shared by the instances).
 */
export function registerApiRateLimit(v1: FastifyInstance, ctx: AppContext): void {
  const limit = v1.createRateLimit({
    max: ctx.config.apiRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const bearer = readBearerToken(request);
      return bearer ? `api-key:${hashToken(bearer)}` : `api-address:${request.ip}`;
    },
  });
  v1.addHook('onRequest', async (request, reply) => {
    const state = await limit(request);
    if (state.isAllowed) return;
    reply.header(rateLimitHeaders.limit, state.max);
    reply.header(rateLimitHeaders.remaining, state.remaining);
    reply.header(rateLimitHeaders.reset, state.ttlInSeconds);
    if (state.isExceeded) {
      throw new AppError(
        'RATE_LIMITED',
        `This API key made more than ${state.max} requests in a minute. Retry in ${state.ttlInSeconds} seconds.`,
        undefined,
        state.ttlInSeconds,
      );
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed; its reply is kept when it is sent. */
    idempotencyClaim: { apiKeyId: string; key: string } | null;
  }
}

const idempotencyHeader = 'idempotency-key';

/**
 * On POST: a request with `Idempotency-Key` claims the key before its handler runs (after the
 * caller and the body are checked, so a refused request claims nothing); a replay answers at once
 * with the first reply and `Idempotent-Replayed: true`.
 */
export function registerIdempotency(v1: FastifyInstance, ctx: AppContext): void {
  v1.decorateRequest('idempotencyClaim', null);
  v1.addHook('preHandler', async (request, reply) => {
    const header = request.headers[idempotencyHeader];
    if (request.method !== 'POST' || header === undefined) return;
    const key = requireIdempotencyKey(header);
    const { apiKeyId } = actorOf(request);
    if (!apiKeyId) return;
    const fingerprint = fingerprintOf(request.method, request.url, request.body);
    const start = await startIdempotentRequest(ctx, apiKeyId, key, fingerprint);
    if (start.kind === 'run') {
      request.idempotencyClaim = { apiKeyId, key };
      return;
    }
    replay(reply, start);
    return reply;
  });
  v1.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const contentType = reply.getHeader('content-type');
    await finishIdempotentRequest(ctx, claim.apiKeyId, claim.key, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: typeof payload === 'string' ? payload : undefined,
    });
    return payload;
  });
}

function replay(reply: FastifyReply, start: { status: number; contentType: string | null; body: string }) {
  reply.status(start.status).header('idempotent-replayed', 'true');
  if (start.contentType) reply.header('content-type', start.contentType);
  // A string is sent as kept: it was serialised when it was first sent.
  reply.send(start.body);
}
