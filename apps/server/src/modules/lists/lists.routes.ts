import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Lookup lists (part 1 §7): `/lists/...`. */
export const listRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, { ctx: _ctx }) => {};
