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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
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

/** Lookup lists (docs/product-rules.md#lookup-lists): `/lists/...`. */
export const listRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/lists/',
    {
      config: { access: access.workspace('read') },
      schema: { tags, response: { 200: listsResponseSchema } },
    },
    async (request) => listLists(ctx, actorOf(request)),
  );

  app.post(
    '/lists/',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        body: createListSchema,
        response: { 201: listSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createList(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/lists/:id',
    {
      config: { access: access.workspace('read') },
      schema: { tags, params: listParams, response: { 200: listSchema } },
    },
    async (request) => getList(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/lists/:id',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      schema: {
        tags,
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
      config: { access: access.workspace('write') },
      bodyLimit: importBodyLimit,
      schema: {
        tags,
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
