import type { ApiArea } from '@graphium/shared';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchema,
  HTTPMethods,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { access } from './access.js';
import { registerApiRateLimit, registerIdempotency } from './api-v1-hooks.js';
import { cursorPageQueryShape, cursorPageSchema } from './cursor-paging.js';

/**
 * How a data route is offered to integrators under `/api/v1` (docs/decisions/037-public-api-v1.md):
 * declared on the route (`config.v1`), the same handler is mounted there a second time for API
 * keys, held to the scope of its area, with the v1 rules (cursor paging, Idempotency-Key,
 * RateLimit-* headers) and its own OpenAPI document.
 */
export interface V1Declaration {
  area: ApiArea;
  /** The operation's name in the document and the generated client, e.g. `listSurveyTemplates`. */
  operationId: string;
  summary: string;
  /** The path under /api/v1 when it differs from the unversioned one. */
  path?: string;
  /**
   * A list: the v1 twin pages it by cursor. `items` names the reply's array, `item` its rows,
   * `query` the list's own filters (paging is added).
   */
  list?: { items: string; item: z.ZodType; query?: z.ZodObject };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Mount this data route under /api/v1 too (http/api-v1.ts). */
    v1?: V1Declaration;
    /** Set on a /api/v1 twin: what it was declared with. */
    v1Twin?: V1Declaration;
  }
}

/** A /api/v1 route as mounted: what the v1 OpenAPI document is written from. */
export interface V1Route {
  method: HTTPMethods;
  /** Under /api/v1, with `:name` parameters. */
  path: string;
  declaration: V1Declaration;
  schema: FastifySchema;
}

interface DeclaredRoute {
  method: HTTPMethods;
  url: string;
  declaration: V1Declaration;
  mode: 'read' | 'write';
  schema: FastifySchema | undefined;
  handler: RouteHandlerMethod;
  bodyLimit: number | undefined;
}

/**
 * Collects the routes registered after it (in this plugin and its children) that declare a v1
 * twin. Only data routes (`access.workspace`) may: the others are sessions' only.
 */
export function collectV1Declarations(app: FastifyInstance): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const declaration = route.config?.v1;
    if (!declaration) return;
    const routeAccess = route.config?.access;
    if (routeAccess?.kind !== 'workspace') {
      throw new Error(`${route.method} ${route.url}: only data routes (access.workspace) have /api/v1 twins`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      declared.push({
        method,
        url: route.url,
        declaration,
        mode: routeAccess.access,
        schema: route.schema,
        handler: route.handler as RouteHandlerMethod,
        bodyLimit: route.bodyLimit,
      });
    }
  });
  return declared;
}

/** The unversioned path without `/api` and a trailing slash: `/api/survey-templates/` → `/survey-templates`. */
function v1PathOf(route: DeclaredRoute): string {
  return route.declaration.path ?? (route.url.replace(/^\/api/, '').replace(/\/$/, '') || '/');
}

function twinSchema(route: DeclaredRoute): FastifySchema {
  const { declaration } = route;
  const schema: FastifySchema & Record<string, unknown> = {
    ...route.schema,
    tags: [declaration.area],
    summary: declaration.summary,
    operationId: declaration.operationId,
  };
  const { list } = declaration;
  if (!list) return schema;
  return {
    ...schema,
    querystring: (list.query ?? z.object({})).extend(cursorPageQueryShape),
    response: {
      ...(route.schema?.response as Record<string, unknown> | undefined),
      200: cursorPageSchema(list.items, list.item),
    },
  };
}

/**
 * The /api/v1 plugin: the twins of the declared routes, behind the per-key rate limit and
 * Idempotency-Key. Fills `mounted` with what it mounts, for the document.
 */
export function apiV1Routes(
  ctx: AppContext,
  declared: readonly DeclaredRoute[],
  mounted: V1Route[],
): FastifyPluginAsync {
  return async (v1) => {
    registerApiRateLimit(v1, ctx);
    registerIdempotency(v1, ctx);
    for (const route of declared) {
      const path = v1PathOf(route);
      const schema = twinSchema(route);
      const options: RouteOptions = {
        method: route.method,
        url: path,
        handler: route.handler,
        schema,
        config: {
          access: access.apiKey(route.declaration.area, route.mode),
          v1Twin: route.declaration,
          cursorPaged: route.declaration.list !== undefined,
        },
        ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
      };
      v1.route(options);
      mounted.push({ method: route.method, path, declaration: route.declaration, schema });
    }
  };
}
