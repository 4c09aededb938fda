import {
  apiKeySchema,
  apiKeysResponseSchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

const apiKeyParams = z.object({ id: z.uuid('API key not found') });

/**
 * API keys (docs/product-rules.md#logo-and-api-keys): managed by signed-in people only, never with a key.
 * Keys belong to the
 * customer of the selected workspace; any member may list them, admins generate and revoke.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/customers/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: "List the customer's API keys, newest first",
        response: { 200: apiKeysResponseSchema },
      },
      config: { access: access.member() },
    },
    async (request) => listApiKeys(ctx, actorOf(request)),
  );

  app.post(
    '/customers/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Generate an API key (admins); the reply is the only time the key is shown',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
      config: { access: access.member('admin') },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(ctx, actorOf(request), request.body)),
  );

  app.delete(
    '/customers/api-keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key (admins); revoking a revoked key changes nothing',
        params: apiKeyParams,
        response: { 200: apiKeySchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => revokeApiKey(ctx, actorOf(request), request.params.id),
  );
};
