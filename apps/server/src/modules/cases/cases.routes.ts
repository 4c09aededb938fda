import {
  addCaseNoteSchema,
  bulkCasesResponseSchema,
  bulkCasesSchema,
  caseAssigneesSchema,
  caseDetailSchema,
  caseFiguresQuerySchema,
  caseFiguresSchema,
  caseIdParamsSchema,
  caseReplySchema,
  casesQuerySchema,
  casesResponseSchema,
  updateCaseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { replyToCase } from './case-reply.service.js';
import {
  addCaseNote,
  bulkUpdateCases,
  getCase,
  getCaseFigures,
  listCaseAssignees,
  listCases,
  updateCase,
} from './cases.service.js';

/** Follow-up cases (decision 019): any member reads them; editors and admins work them. */
export const caseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = { tags: ['cases'] };
  const read = { access: access.workspace('read') };
  const write = { access: access.workspace('write') };

  app.get(
    '/cases',
    {
      config: read,
      schema: {
        ...schema,
        summary: "The workspace's cases, newest opened first: filters and paging",
        querystring: casesQuerySchema,
        response: { 200: casesResponseSchema },
      },
    },
    async (request) => listCases(ctx, actorOf(request), request.query),
  );

  app.get(
    '/cases/assignees',
    {
      config: read,
      schema: {
        ...schema,
        summary: 'The members a case may be given to (active editors and admins)',
        response: { 200: caseAssigneesSchema },
      },
    },
    async (request) => listCaseAssignees(ctx, actorOf(request)),
  );

  app.get(
    '/cases/figures',
    {
      config: read,
      schema: {
        ...schema,
        summary: 'Cases opened and resolved, median times to first response and to resolution',
        querystring: caseFiguresQuerySchema,
        response: { 200: caseFiguresSchema },
      },
    },
    async (request) => getCaseFigures(ctx, actorOf(request), request.query.templateId),
  );

  app.post(
    '/cases/bulk',
    {
      config: write,
      schema: {
        ...schema,
        summary: 'Assign or resolve many cases, all or nothing',
        body: bulkCasesSchema,
        response: { 200: bulkCasesResponseSchema },
      },
    },
    async (request) => bulkUpdateCases(ctx, actorOf(request), request.body),
  );

  app.get(
    '/cases/:id',
    {
      config: read,
      schema: {
        ...schema,
        summary: 'One case with its history',
        params: caseIdParamsSchema,
        response: { 200: caseDetailSchema },
      },
    },
    async (request) => getCase(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/cases/:id',
    {
      config: write,
      schema: {
        ...schema,
        summary: 'Change the status (Open → In progress → Resolved or Dismissed, or reopen) or the assignee',
        params: caseIdParamsSchema,
        body: updateCaseSchema,
        response: { 200: caseDetailSchema },
      },
    },
    async (request) => updateCase(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/cases/:id/notes',
    {
      config: write,
      schema: {
        ...schema,
        summary: 'Add an internal note to the history',
        params: caseIdParamsSchema,
        body: addCaseNoteSchema,
        response: { 201: caseDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await addCaseNote(ctx, actorOf(request), request.params.id, request.body.note);
      return reply.code(201).send(detail);
    },
  );

  app.post(
    '/cases/:id/reply',
    {
      config: write,
      schema: {
        ...schema,
        summary: 'Reply to the respondent by e-mail or SMS through the outbox ([Property] tokens filled)',
        params: caseIdParamsSchema,
        body: caseReplySchema,
        response: { 201: caseDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await replyToCase(ctx, actorOf(request), request.params.id, request.body);
      return reply.code(201).send(detail);
    },
  );
};
