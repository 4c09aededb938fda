import {
  authenticateSurveyResultSchema,
  authenticateSurveySchema,
  bulkSendSurveysResultSchema,
  bulkSendSurveysSchema,
  createSurveySchema,
  errorBodySchema,
  respondentSurveyReplySchema,
  savedSurveyResponsesSchema,
  segmentSendSchema,
  sentSurveySchema,
  surveyDeliveryListSchema,
  surveyResponseDetailSchema,
  surveySendSchema,
  surveySendsQuerySchema,
  templateApiPaths,
  templateKinds,
  updateSurveyResponsesSchema,
} from '@graphium/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { access, actorOf, staffOnPublicRoute } from '../../http/access.js';
import { cursorPageQueryShape, cursorPageSchema, pageOf } from '../../http/cursor-paging.js';
import { trustedReply, unchangingReply } from '../../http/trusted-reply.js';
import { isUuid } from '../../ids.js';
import { findSurveyResponse, surveyResponseNotFoundMessage } from '../responses/responses.service.js';
import { templateNotFoundMessages } from '../templates/templates.service.js';
import { checkEmbedRequest } from './embed-token.service.js';
import { saveRespondentAnswers } from './respondent.service.js';
import { authenticateRespondent } from './respondent-authentication.service.js';
import { hasRespondentCredential, issueRespondentCredential } from './respondent-credential.js';
import { getRespondentSurvey } from './respondent-view.service.js';
import { previewTemplateVersion } from './survey-preview.service.js';
import { listSurveySends, sendsCursorKey } from './survey-sends.service.js';
import {
  bulkSendSurveys,
  createSurvey,
  getSurveyDelivery,
  retrySurveyDelivery,
  sendToSegment,
  surveyNotFound,
} from './surveys.service.js';

const tags = ['surveys'];
const respondentTags = ['respondent'];
// Ids are checked by the services: a malformed one is as unknown as another workspace's (404).
const surveyParams = z.object({ id: z.string() });
const deliveryParams = surveyParams.extend({ outboxId: z.string() });
const flag = z.enum(['true', 'false']).optional();
/** A 10,000-row bulk send is a few megabytes of JSON: above the app's 1 MB default. */
const bulkBodyLimit = 20 * 1024 * 1024;

/**
 * Respondent calls are public, so they are rate limited per client address and survey: a person
 * answering never comes near these, a script trying values does. Authentication has its own,
 * lower limit besides the lockout after five failures (docs/product-rules.md#sending-surveys).
 */
function respondentRateLimit(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      `respondent:${request.ip}:${(request.params as { id?: string }).id ?? ''}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
    // The respondent page never reads its quota: the limit's headers come with a 429 only.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  };
}

export const surveyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { tags };

  app.post(
    '/surveys/',
    {
      config: {
        access: access.workspace('write'),
        v1: {
          area: 'sends',
          operationId: 'sendSurvey',
          summary: 'Send a survey of a published template to one recipient by e-mail or SMS',
        },
      },
      schema: { ...staff, body: createSurveySchema, response: { 201: sentSurveySchema } },
    },
    async (request, reply) => reply.status(201).send(await createSurvey(ctx, actorOf(request), request.body)),
  );

  app.post(
    '/surveys/bulk',
    {
      bodyLimit: bulkBodyLimit,
      config: {
        access: access.workspace('write'),
        v1: {
          area: 'sends',
          operationId: 'sendSurveys',
          summary: 'Send a survey to up to 10,000 recipients at once',
        },
      },
      schema: { ...staff, body: bulkSendSurveysSchema, response: { 200: bulkSendSurveysResultSchema } },
    },
    async (request) => bulkSendSurveys(ctx, actorOf(request), request.body),
  );

  app.get(
    '/sends',
    {
      config: {
        access: access.workspace('read'),
        // Cursor-paged here too: the list is new, so both paths page alike (decision 047).
        cursorPaged: true,
        v1: {
          area: 'sends',
          operationId: 'listSends',
          summary: 'The surveys sent, newest first, with their state (of one template or state if asked)',
          list: { items: 'sends', item: surveySendSchema, query: surveySendsQuerySchema },
        },
      },
      schema: {
        ...staff,
        summary: 'The surveys sent, newest first, with their state',
        querystring: surveySendsQuerySchema.extend(cursorPageQueryShape),
        response: { 200: cursorPageSchema('sends', surveySendSchema) },
      },
    },
    async (request) => listSurveySends(ctx, actorOf(request), request.query, pageOf(request, sendsCursorKey)),
  );

  app.post(
    '/surveys/segment',
    {
      config: { access: access.workspace('write') },
      schema: {
        ...staff,
        summary: 'Send a survey to every member of a contact segment (a dry run counts them first)',
        body: segmentSendSchema,
        response: { 200: bulkSendSurveysResultSchema },
      },
    },
    async (request) => sendToSegment(ctx, actorOf(request), request.body),
  );

  app.get(
    '/surveys/:id/delivery',
    {
      config: { access: access.workspace('read') },
      schema: { ...staff, params: surveyParams, response: { 200: surveyDeliveryListSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw surveyNotFound();
      return getSurveyDelivery(ctx, actorOf(request), request.params.id);
    },
  );

  app.post(
    '/surveys/:id/delivery/:outboxId/retry',
    {
      config: { access: access.workspace('write') },
      schema: { ...staff, params: deliveryParams, response: { 200: surveyDeliveryListSchema } },
    },
    async (request) => {
      const { id, outboxId } = request.params;
      if (!isUuid(id) || !isUuid(outboxId)) throw surveyNotFound();
      return retrySurveyDelivery(ctx, actorOf(request), id, outboxId);
    },
  );

  // A version's respondent page, recording nothing (decision 022): for both kinds of template, read
  // as the kind's own read route allows. The templates module holds the versions and surveys holds
  // the respondent page's builder, which reads templates: so the route lives here.
  for (const kind of templateKinds) {
    app.get(
      `${templateApiPaths[kind]}/:id/preview`,
      {
        config: { access: access.workspace('read') },
        schema: {
          tags: [kind === 'survey' ? 'survey templates' : 'base survey templates'],
          summary: 'Preview a version as respondents see it (drafts included); records nothing',
          params: z.object({ id: z.uuid(templateNotFoundMessages[kind]) }),
          response: { 200: respondentSurveyReplySchema },
        },
      },
      async (request) => previewTemplateVersion(ctx, actorOf(request), kind, request.params.id),
    );
  }

  // The respondent page (docs/product-rules.md#the-respondent-page): public, the link's id is the access.
  const respondent = { tags: respondentTags };

  app.get(
    '/surveys/:id',
    {
      config: { access: access.anyone, rateLimit: respondentRateLimit(300), embedTransport: true },
      serializerCompiler: trustedReply,
      schema: {
        ...respondent,
        summary: "Load one survey: the respondent page, or for its workspace's staff the response",
        description:
          "Public: the respondent page's survey (the link's id is the access). Called with an API key, " +
          "or with a session that names its workspace in `x-workspace-id`, by staff of the survey's " +
          'workspace: the response with respondent info, answers and scoring, as ' +
          '`/surveys/{id}/response` answers (an API key of another workspace gets 404).',
        params: surveyParams,
        querystring: z.object({ markAsOpened: flag }),
        response: { 200: z.union([respondentSurveyReplySchema, surveyResponseDetailSchema]) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // An embedded page (decision 024): its token for this survey, no cookie and no staff session.
      // The respondent's replies come from memory and are never changed: their JSON is made once
      // per reply (decision 048).
      if (checkEmbedRequest(ctx, request, id)) {
        return unchangingReply(
          await getRespondentSurvey(ctx, id, {
            markAsOpened: request.query.markAsOpened === 'true',
            isAuthenticated: false,
          }),
        );
      }
      const staff = await staffOnPublicRoute(ctx, request, 'read');
      if (staff) {
        const detail = await findSurveyResponse(ctx, staff.actor, id);
        if (detail) return detail;
        if (staff.strict) throw notFound(surveyResponseNotFoundMessage);
      }
      return unchangingReply(
        await getRespondentSurvey(ctx, id, {
          markAsOpened: request.query.markAsOpened === 'true',
          isAuthenticated: hasRespondentCredential(ctx, request, id),
        }),
      );
    },
  );

  app.patch(
    '/surveys/:id',
    {
      config: { access: access.anyone, rateLimit: respondentRateLimit(300), embedTransport: true },
      serializerCompiler: trustedReply,
      schema: {
        ...respondent,
        params: surveyParams,
        querystring: z.object({ markAsComplete: flag }),
        body: updateSurveyResponsesSchema,
        response: { 200: savedSurveyResponsesSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const embedded = checkEmbedRequest(ctx, request, id);
      return saveRespondentAnswers(ctx, id, request.body.surveyResponses, {
        markAsComplete: request.query.markAsComplete === 'true',
        // Link surveys never need authentication (no link fills an authentication property).
        isAuthenticated: !embedded && hasRespondentCredential(ctx, request, id),
        language: request.body.language,
      });
    },
  );

  app.post(
    '/surveys/:id/authenticate',
    {
      config: { access: access.anyone, rateLimit: respondentRateLimit(20) },
      schema: {
        ...respondent,
        params: surveyParams,
        body: authenticateSurveySchema,
        response: {
          200: authenticateSurveyResultSchema,
          401: authenticateSurveyResultSchema.extend({ error: z.literal('UNAUTHENTICATED') }),
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await authenticateRespondent(ctx, id, request.body.authenticationValues);
      if (outcome.kind === 'success') {
        issueRespondentCredential(ctx, reply, id, outcome.expiresAt);
        return { success: true, message: outcome.message };
      }
      if (outcome.kind === 'locked') {
        return reply
          .status(429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .send({ error: 'RATE_LIMITED', message: outcome.message });
      }
      return reply.status(401).send({ success: false, error: 'UNAUTHENTICATED', message: outcome.message });
    },
  );
};
