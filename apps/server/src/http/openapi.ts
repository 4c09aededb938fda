import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { apiKeyPrefix, errorBodySchema, sessionCookieName, xsrfHeaderName } from '@graphium/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeAccess, requiredRoleOf } from './route-rules.js';

const description = `Graphium's HTTP API: the one the web app uses.

**Signing in.** \`POST /api/auth/login\` sets the \`${sessionCookieName}\` session cookie. Every
changing call (POST, PATCH, PUT, DELETE) made with the session must echo the readable
\`XSRF-TOKEN\` cookie in the \`${xsrfHeaderName}\` header (any response sets the cookie).

**API keys.** Programs should use the versioned API for integrations, \`/api/v1\` (its own
document: \`/api/v1/openapi.json\`). Its keys also reach these data routes (those that list
\`bearerAuth\`) when they hold the scope in every area (read, or write for a change): send
\`Authorization: Bearer ${apiKeyPrefix}…\` (no cookie, no anti-forgery header); \`x-workspace-id\`
chooses the workspace (default: the oldest; one that is not the key's answers 404). An unknown or
revoked key answers 401, a key without the scope 403. Managing accounts, users, invitations and
keys needs a session: a key gets 401 there.

**Errors** answer \`{ "error": CODE, "message": text, "details"?: { field: message } }\`.`;

/** The error replies every route may give; one shared body (docs/architecture.md). */
const errorResponses = {
  '400': { name: 'BadRequest', description: 'Invalid input; `details` maps each field to its message.' },
  '401': { name: 'Unauthenticated', description: 'No valid session, or an unknown or revoked API key.' },
  '403': {
    name: 'Forbidden',
    description: 'Not allowed: role too low, read-only API key, or a missing anti-forgery token.',
  },
  '404': { name: 'NotFound', description: 'Not found, also for another customer’s or workspace’s objects.' },
  '409': { name: 'Conflict', description: 'The change conflicts with the current state.' },
  '429': { name: 'RateLimited', description: 'Too many attempts; try again later.' },
} as const;
type ErrorStatus = keyof typeof errorResponses;

const errorSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });
  return schema;
})();

const mutatingMethods = new Set(['post', 'put', 'patch', 'delete']);
const rateLimitedMarker = 'x-rate-limited';

type Operation = {
  parameters?: { in?: string }[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  [key: string]: unknown;
};

/** Which error replies an operation can give, from what it declares. */
function errorStatusesOf(method: string, path: string, operation: Operation, isSecured: boolean) {
  const statuses: ErrorStatus[] = [];
  const isMutation = mutatingMethods.has(method);
  if (operation.requestBody || operation.parameters?.length) statuses.push('400');
  if (isSecured) statuses.push('401');
  if (isSecured || isMutation) statuses.push('403');
  if (path.includes('{')) statuses.push('404');
  if (isMutation && isSecured) statuses.push('409');
  if (operation[rateLimitedMarker]) statuses.push('429');
  return statuses;
}

/**
 * The OpenAPI document behind `/api/docs` and `/api/openapi.json`: route schemas (zod) give
 * payloads; this adds the authentication schemes and the shared error replies.
 */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Graphium API', version: '1.0.0', description },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName,
            description: 'The session set by `POST /api/auth/login`.',
          },
          xsrfToken: {
            type: 'apiKey',
            in: 'header',
            name: xsrfHeaderName,
            description: 'With a session, changing calls echo the `XSRF-TOKEN` cookie here.',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${apiKeyPrefix}…`,
            description: 'An API key from Settings → API Keys.',
          },
        },
        schemas: { Error: errorSchema as never },
        responses: Object.fromEntries(
          Object.values(errorResponses).map(({ name, description: text }) => [
            name,
            {
              description: text,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          ]),
        ),
      },
      // Each route's security follows from its declared access (http/access.ts).
      security: [{ sessionCookie: [] }],
    },
    transform(document) {
      // The /api/v1 twins have their own document (http/openapi-v1.ts).
      if (document.route.config?.v1Twin) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const { config } = document.route;
      const schema: Record<string, unknown> = { ...transformed.schema };
      if (config && ('rateLimit' in config || config.signInLimited)) schema[rateLimitedMarker] = true;
      // Per operation, the role it needs, from the one table of rules (http/route-rules.ts).
      if (config?.access) {
        schema['x-required-role'] = requiredRoleOf(config.access) ?? 'none';
        const rule = `**Who may call:** ${describeAccess(config.access)}`;
        schema.description = schema.description ? `${schema.description}\n\n${rule}` : rule;
      }
      return { ...transformed, schema };
    },
    transformObject(document) {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const globalSecurity = openapiObject.security ?? [];
      for (const [path, pathItem] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, value] of Object.entries(pathItem ?? {})) {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
          const operation = value as Operation;
          const security = operation.security ?? (globalSecurity as Operation['security']) ?? [];
          const isSecured = security.length > 0;
          operation.responses ??= {};
          const { responses } = operation;
          for (const status of errorStatusesOf(method, path, operation, isSecured)) {
            responses[status] ??= { $ref: `#/components/responses/${errorResponses[status].name}` };
          }
          delete operation[rateLimitedMarker];
          // With a session, a change also needs the anti-forgery header.
          if (mutatingMethods.has(method) && security.some((entry) => 'sessionCookie' in entry)) {
            operation.security = security.map((entry) =>
              'sessionCookie' in entry ? { ...entry, xsrfToken: [] } : entry,
            );
          }
        }
      }
      return openapiObject;
    },
  };
}
