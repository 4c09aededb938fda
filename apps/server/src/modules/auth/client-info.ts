import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './sessions.js';

/** Where a request comes from, for the session it opens. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}
