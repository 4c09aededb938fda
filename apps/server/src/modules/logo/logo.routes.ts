import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** The customer's logo (part 1 §7): `/customers/logo...`. */
export const logoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, { ctx: _ctx }) => {};
