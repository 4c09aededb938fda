import {
  exportSurveyResponsesQuerySchema,
  listSurveyResponsesQuerySchema,
  responseCriteriaQuerySchema,
  segmentsQuerySchema,
  segmentsReplySchema,
  surveyResponseDetailSchema,
  surveyResponsesListSchema,
  surveyTextSentimentsSchema,
  textAnalyticsQuerySchema,
  textAnalyticsResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { access, actorOf } from '../../http/access.js';
import { pageOf, pageReply } from '../../http/cursor-paging.js';
import { isUuid } from '../../ids.js';
import {
  getSurveyResponse,
  listSurveyResponses,
  listSurveyResponsesPage,
  responsesCursorKey,
  surveyResponseNotFoundMessage,
} from './responses.service.js';
import { exportSurveyResponses } from './responses-export.js';
import { listSegments } from './segments.service.js';
import { deleteSurvey } from './survey-deletion.service.js';
import { getSurveyTextSentiments, getTextAnalytics } from './text-analytics-summary.js';

const tags = ['responses'];
const templateNotFoundMessage = 'Template ID not found';

/**
 * The responses analysis (decision 007), for staff and API keys (read). Staff read one response at
 * `/surveys/{id}/response`, or at `GET /surveys/{id}` (surveys' route, the respondent page's for
 * anyone else).
 */
export const responseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { tags };

  app.get(
    '/surveys',
    {
      config: {
        access: access.workspace('read'),
        v1: {
          area: 'responses',
          path: '/responses',
          operationId: 'listResponses',
          summary: "A template's survey responses, newest sent first, with the list's filters",
          list: {
            items: 'surveys',
            item: surveyResponsesListSchema.shape.surveys.element,
            query: responseCriteriaQuerySchema,
          },
        },
      },
      schema: {
        ...staff,
        summary: 'Survey responses of a template: a page, the summary and the paging',
        querystring: listSurveyResponsesQuerySchema,
        response: { 200: surveyResponsesListSchema },
      },
    },
    async (request) => {
      const page = pageOf(request, responsesCursorKey);
      // On /api/v1 the query is the criteria alone, paged by cursor.
      if (page) return pageReply(await listSurveyResponsesPage(ctx, actorOf(request), request.query, page));
      return listSurveyResponses(ctx, actorOf(request), request.query);
    },
  );

  app.get(
    '/surveys/export',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...staff,
        summary: 'The filtered responses as a CSV or XLSX file',
        querystring: exportSurveyResponsesQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportSurveyResponses(ctx, actorOf(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/surveys/:id/response',
    {
      config: {
        access: access.workspace('read'),
        v1: {
          area: 'responses',
          path: '/responses/:id',
          operationId: 'getResponse',
          summary: 'One survey response with its answers, scores and benchmarks',
        },
      },
      schema: {
        ...staff,
        summary: 'One survey response with its scores and benchmarks',
        params: z.object({ id: z.string() }),
        response: { 200: surveyResponseDetailSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(surveyResponseNotFoundMessage);
      return getSurveyResponse(ctx, actorOf(request), request.params.id);
    },
  );

  app.delete(
    '/surveys/:id',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...staff,
        summary:
          'Delete a survey and its response (editors): gone from every list, summary and export; cannot be undone',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound(surveyResponseNotFoundMessage);
      await deleteSurvey(ctx, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/survey-templates/:id/segments',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...staff,
        summary:
          "A template's completed surveys split by a survey property shown in reports: count, NPS and composite with margins per segment",
        params: z.object({ id: z.string() }),
        querystring: segmentsQuerySchema,
        response: { 200: segmentsReplySchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(templateNotFoundMessage);
      return listSegments(ctx, actorOf(request), request.params.id, request.query);
    },
  );

  app.get(
    // `:id` as the template routes name it: one router tree, one parameter name.
    '/survey-templates/:id/text-analytics',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...staff,
        summary: "Text questions' sentiment, keywords and two-word phrases (filters as the responses list)",
        params: z.object({ id: z.string() }),
        querystring: textAnalyticsQuerySchema,
        response: { 200: textAnalyticsResponseSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(templateNotFoundMessage);
      return getTextAnalytics(ctx, actorOf(request), request.params.id, request.query);
    },
  );

  app.get(
    '/surveys/:id/text-analytics',
    {
      config: { access: access.workspace('read') },
      schema: {
        ...staff,
        summary: 'The sentiment of each text answer of one survey',
        params: z.object({ id: z.string() }),
        response: { 200: surveyTextSentimentsSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(surveyResponseNotFoundMessage);
      return getSurveyTextSentiments(ctx, actorOf(request), request.params.id);
    },
  );
};
