import {
  contactSegmentSchema,
  contactSegmentsResponseSchema,
  saveSegmentSchema,
  segmentParamsSchema,
  segmentPreviewQuerySchema,
  segmentPreviewSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import {
  changeSegment,
  createSegment,
  listSegments,
  previewSegment,
  removeSegment,
} from './contact-segments.service.js';

/** Segments of contacts (decision 038): the Contacts area's rules (members read, editors write). */
export const contactSegmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contacts'];

  app.get(
    '/contacts/segments',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: 'Saved segments, each with its member count now',
        response: { 200: contactSegmentsResponseSchema },
      },
    },
    async (request) => listSegments(ctx, actorOf(request)),
  );

  // A GET with the filter in the query, so viewers may look at a segment's members (decision 047).
  app.get(
    '/contacts/segments/preview',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: 'How many contacts a filter (JSON in `filter`) matches, and the first ten',
        querystring: segmentPreviewQuerySchema,
        response: { 200: segmentPreviewSchema },
      },
    },
    async (request) => previewSegment(ctx, actorOf(request), request.query),
  );

  app.post(
    '/contacts/segments',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Save a segment',
        body: saveSegmentSchema,
        response: { 201: contactSegmentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSegment(ctx, actorOf(request), request.body)),
  );

  app.put(
    '/contacts/segments/:segmentId',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: "Change a segment's name and filter",
        params: segmentParamsSchema,
        body: saveSegmentSchema,
        response: { 200: contactSegmentSchema },
      },
    },
    async (request) => changeSegment(ctx, actorOf(request), request.params.segmentId, request.body),
  );

  app.delete(
    '/contacts/segments/:segmentId',
    {
      config: { access: access.workspace('write') },
      schema: { tags, summary: 'Delete a segment', params: segmentParamsSchema },
    },
    async (request, reply) => {
      await removeSegment(ctx, actorOf(request), request.params.segmentId);
      return reply.status(204).send();
    },
  );
};
