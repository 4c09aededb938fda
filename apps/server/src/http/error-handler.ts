import type { ErrorBody } from '@graphium/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isDatabaseUnavailable,
  outageReporter,
  type StorageProblem,
  storageProblemOf,
} from '../db/availability.js';
import { AppError, statusByCode } from '../errors.js';

const retryAfterSeconds = 5;
export const unavailableMessage = 'The service is briefly unavailable. Please try again in a few seconds.';
/** A full or read-only disk lasts until someone acts: clients wait longer between tries. */
const storageRetryAfterSeconds = 60;
export const storageMessages: Record<StorageProblem, string> = {
  full: "The server's disk is full, so nothing was saved. Please try again once space has been freed.",
  'read-only': "The server's data directory is read-only, so nothing was saved. Please try again later.",
};

function fieldMessages(
  issues: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[],
): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ??
      '';
    const key = path || '_';
    details[key] ??= issue.message ?? 'Invalid value';
  }
  return details;
}

/**
 * One place maps errors to HTTP (docs/architecture.md): 4xx carry their message, 5xx never leak internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // One warning when writes start failing for lack of disk, one line when a write succeeds again.
  const storage = outageReporter(app.log, 'disk');
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) storage.up();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.details) body.details = error.details;
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(statusByCode[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = fieldMessages(error.validation as never);
      const first = Object.entries(details)[0];
      const message = first ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send({ error: 'VALIDATION', message, details } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'RATE_LIMITED', message: error.message } satisfies ErrorBody);
    }
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: 'TOO_LARGE', message: 'The request is too large.' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type): their text is safe.
      return reply.status(status === 415 ? 415 : 400).send({
        error: 'VALIDATION',
        message: error.message,
      } satisfies ErrorBody);
    }
    const storageProblem = storageProblemOf(error);
    if (storageProblem) {
      storage.down(error);
      return reply
        .status(503)
        .header('retry-after', String(storageRetryAfterSeconds))
        .send({ error: 'UNAVAILABLE', message: storageMessages[storageProblem] } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or failing over: the balancer and the client try again.
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .send({ error: 'UNAVAILABLE', message: unavailableMessage } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ErrorBody);
  });
}
