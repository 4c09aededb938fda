import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** API keys (part 1 §7): `/customers/api-keys...`. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, { ctx: _ctx }) => {};
