import {
  contactSegmentSchema,
  contactSegmentsResponseSchema,
  saveSegmentSchema,
  segmentFilterSchema,
  segmentParamsSchema,
  segmentPreviewSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.post(
    '/contacts/segments/preview',
    {
      // A read: nothing is saved (the area's write rule still applies to its method).
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'How many contacts a filter matches, and the first ten',
        body: z.object({ filter: segmentFilterSchema }),
        response: { 200: segmentPreviewSchema },
      },
    },
    async (request) => previewSegment(ctx, actorOf(request), request.body),
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
