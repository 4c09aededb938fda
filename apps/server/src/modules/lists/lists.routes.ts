import {
  createListItemSchema,
  createListPropertySchema,
  createListSchema,
  importListItemsResultSchema,
  importListItemsSchema,
  listItemSchema,
  listPropertySchema,
  listSchema,
  listsResponseSchema,
  updateListItemSchema,
  updateListPropertySchema,
  updateListSchema,
  updateListStateSchema,
} from '@graphium/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  requireWorkspaceActor,
  sessionOrApiKeySecurity,
  type WorkspaceActor,
} from '../../http/request-context.js';
import {
  addListItem,
  addListProperty,
  changeListState,
  createList,
  editListItem,
  editListProperty,
  getList,
  importListItems,
  listLists,
  updateListDetails,
} from './lists.service.js';

// Ids are checked by the service: a malformed one is as unknown as another workspace's (404).
const listParams = z.object({ id: z.string() });
const propertyParams = listParams.extend({ propertyId: z.string() });
const itemParams = listParams.extend({ itemId: z.string() });
const tags = ['lists'];
/** The app's 1 MB default is too small for a 10,000-row import. */
const importBodyLimit = 20 * 1024 * 1024;

/** Lookup lists (part 1 §7): `/lists/...`. */
export const listRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const actors = new WeakMap<FastifyRequest, WorkspaceActor>();
  // Who may act is settled before the body is validated, so a signed-out caller learns nothing
  // about the payload: reads need any member, changes an editor or admin (or an API key).
  app.addHook('preValidation', async (request) => {
    actors.set(
      request,
      await requireWorkspaceActor(ctx, request, request.method === 'GET' ? 'read' : 'write'),
    );
  });
  const actorOf = (request: FastifyRequest) => actors.get(request)!;

  app.get(
    '/lists/',
    { schema: { tags, security: sessionOrApiKeySecurity, response: { 200: listsResponseSchema } } },
    async (request) => listLists(ctx, actorOf(request)),
  );

  app.post(
    '/lists/',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        body: createListSchema,
        response: { 201: listSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createList(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/lists/:id',
    {
      schema: { tags, security: sessionOrApiKeySecurity, params: listParams, response: { 200: listSchema } },
    },
    async (request) => getList(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/lists/:id',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: listParams,
        body: updateListSchema,
        response: { 200: listSchema },
      },
    },
    async (request) => updateListDetails(ctx, actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/lists/:id/state',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: listParams,
        body: updateListStateSchema,
        response: { 200: listSchema },
      },
    },
    async (request) => changeListState(ctx, actorOf(request), request.params.id, request.body.stateCode),
  );

  app.post(
    '/lists/:id/property',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: listParams,
        body: createListPropertySchema,
        response: { 201: listPropertySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addListProperty(ctx, actorOf(request), request.params.id, request.body.listProperty)),
  );

  app.patch(
    '/lists/:id/property/:propertyId',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: propertyParams,
        body: updateListPropertySchema,
        response: { 200: listPropertySchema },
      },
    },
    async (request) =>
      editListProperty(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.propertyId,
        request.body.listProperty,
      ),
  );

  app.post(
    '/lists/:id/item',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: listParams,
        body: createListItemSchema,
        response: { 201: listItemSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addListItem(ctx, actorOf(request), request.params.id, request.body.listItemProperties)),
  );

  app.patch(
    '/lists/:id/item/:itemId',
    {
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: itemParams,
        body: updateListItemSchema,
        response: { 200: listItemSchema },
      },
    },
    async (request) =>
      editListItem(ctx, actorOf(request), request.params.id, request.params.itemId, request.body),
  );

  app.post(
    '/lists/:id/items/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        security: sessionOrApiKeySecurity,
        params: listParams,
        body: importListItemsSchema,
        response: { 200: importListItemsResultSchema, 201: importListItemsResultSchema },
      },
    },
    async (request, reply) => {
      const result = await importListItems(ctx, actorOf(request), request.params.id, request.body);
      return reply.status(result.dryRun ? 200 : 201).send(result);
    },
  );
};
