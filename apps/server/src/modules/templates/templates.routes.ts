import {
  baseSurveyTemplateListSchema,
  baseSurveyTemplateVersionSchema,
  createBaseSurveyTemplateSchema,
  createSurveyTemplateSchema,
  stateChangeSchema,
  surveyTemplateListSchema,
  surveyTemplateVersionSchema,
  updateBaseSurveyTemplateVersionSchema,
  updateSurveyTemplateVersionSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import type { TemplateKind } from './templates.repository.js';
import {
  changeTemplateState,
  createDraftVersion,
  createTemplate,
  getTemplateVersion,
  listTemplates,
  type TemplateSummaryView,
  type TemplateVersionView,
  updateTemplateVersion,
} from './templates.service.js';

/**
 * Survey templates and base survey templates speak the same protocol with different field names
 * (part 2 §3, §7): `surveyTemplateName` / `baseSurveyTemplateName`, and so on. One set of routes
 * serves both; `prefix` names the fields.
 */
interface KindProtocol {
  kind: TemplateKind;
  path: string;
  prefix: 'surveyTemplate' | 'baseSurveyTemplate';
  notFound: string;
  tags: string[];
  schemas: {
    list: z.ZodType;
    version: z.ZodType;
    create: z.ZodObject;
    update: z.ZodObject;
  };
}

const protocols: KindProtocol[] = [
  {
    kind: 'survey',
    path: '/survey-templates',
    prefix: 'surveyTemplate',
    notFound: 'Survey template not found',
    tags: ['survey templates'],
    schemas: {
      list: surveyTemplateListSchema,
      version: surveyTemplateVersionSchema,
      create: createSurveyTemplateSchema,
      update: updateSurveyTemplateVersionSchema,
    },
  },
  {
    kind: 'base',
    path: '/base-survey-templates',
    prefix: 'baseSurveyTemplate',
    notFound: 'Base survey template not found',
    tags: ['base survey templates'],
    schemas: {
      list: baseSurveyTemplateListSchema,
      version: baseSurveyTemplateVersionSchema,
      create: createBaseSurveyTemplateSchema,
      update: updateBaseSurveyTemplateVersionSchema,
    },
  },
];

function toVersionPayload(protocol: KindProtocol, view: TemplateVersionView) {
  const p = protocol.prefix;
  return {
    [`${p}VersionId`]: view.versionId,
    [`${p}Id`]: view.templateId,
    [`${p}Name`]: view.name,
    [`${p}Description`]: view.description,
    [`${p}State`]: view.state,
    versionNumber: view.versionNumber,
    [`${p}Definition`]: view.definition,
    [`${p}Settings`]: view.settings,
    ...(protocol.kind === 'survey'
      ? { baseSurveyTemplateVersionId: view.baseVersionId }
      : { accountId: view.createdByAccountId }),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    versions: view.versions.map((version) => ({
      [`${p}VersionId`]: version.versionId,
      versionNumber: version.versionNumber,
      [`${p}State`]: version.state,
      updatedAt: version.updatedAt,
    })),
  };
}

function toListPayload(protocol: KindProtocol, summaries: TemplateSummaryView[]) {
  const p = protocol.prefix;
  const items = summaries.map((summary) => ({
    [`${p}Id`]: summary.templateId,
    [`${p}VersionId`]: summary.versionId,
    [`${p}Name`]: summary.name,
    [`${p}Description`]: summary.description,
    [`${p}State`]: summary.state,
    updatedAt: summary.updatedAt,
    ...(protocol.kind === 'survey'
      ? { responsesCount: summary.responsesCount }
      : { usageCount: summary.usageCount, questionCount: summary.questionCount }),
  }));
  return { [`${p}s`]: items };
}

function field<T>(body: Record<string, unknown>, protocol: KindProtocol, name: string): T | undefined {
  return body[`${protocol.prefix}${name}`] as T | undefined;
}

export const templateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const protocol of protocols) {
    const { kind, path, tags, schemas } = protocol;
    const params = z.object({ id: z.uuid(protocol.notFound) });
    const updateBody = schemas.update.extend({ stateCode: stateChangeSchema.shape.stateCode.optional() });
    // The zod provider checks replies against `schemas`; the payload builders name the fields.
    const send = (payload: unknown) => payload as never;

    app.get(
      `${path}/`,
      { config: { access: access.workspace('read') }, schema: { tags, response: { 200: schemas.list } } },
      async (request) => send(toListPayload(protocol, await listTemplates(ctx, actorOf(request), kind))),
    );

    app.get(
      `${path}/:id`,
      {
        config: { access: access.workspace('read') },
        schema: { tags, params, response: { 200: schemas.version } },
      },
      async (request) =>
        send(
          toVersionPayload(
            protocol,
            await getTemplateVersion(ctx, actorOf(request), kind, request.params.id),
          ),
        ),
    );

    app.post(
      `${path}/`,
      {
        config: { access: access.workspace('write') },
        schema: {
          tags,
          body: schemas.create,
          response: { 201: schemas.version },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const body = request.body as Record<string, unknown>;
        const view = await createTemplate(ctx, actor, kind, {
          name: field<string>(body, protocol, 'Name') ?? '',
          description: field<string>(body, protocol, 'Description') ?? '',
          baseVersionId:
            kind === 'survey' ? (body.baseSurveyTemplateVersionId as string | undefined) : undefined,
        });
        return reply.status(201).send(send(toVersionPayload(protocol, view)));
      },
    );

    app.patch(
      `${path}/:id`,
      {
        config: { access: access.workspace('write') },
        schema: {
          tags,
          params,
          body: updateBody,
          response: { 200: schemas.version },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as Record<string, unknown> & { stateCode?: 'PUBLISHED' | 'UNPUBLISHED' };
        // Part 2 §7: the same call carries either the changes or only a stateCode.
        const view = body.stateCode
          ? await changeTemplateState(ctx, actor, kind, request.params.id, body.stateCode)
          : await updateTemplateVersion(ctx, actor, kind, request.params.id, {
              name: field(body, protocol, 'Name'),
              description: field(body, protocol, 'Description'),
              definition: field(body, protocol, 'Definition'),
              settings: field(body, protocol, 'Settings'),
              updatedAt: body.updatedAt as string | undefined,
            });
        return send(toVersionPayload(protocol, view));
      },
    );

    app.post(
      `${path}/:id/version`,
      {
        config: { access: access.workspace('write') },
        schema: {
          tags,
          params,
          body: z.object({ accountId: z.string().optional() }).nullish(),
          response: { 201: schemas.version },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const view = await createDraftVersion(ctx, actor, kind, request.params.id);
        return reply.status(201).send(send(toVersionPayload(protocol, view)));
      },
    );

    app.patch(
      `${path}/:id/state`,
      {
        config: { access: access.workspace('write') },
        schema: {
          tags,
          params,
          body: stateChangeSchema,
          response: { 200: schemas.version },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const view = await changeTemplateState(ctx, actor, kind, request.params.id, request.body.stateCode);
        return send(toVersionPayload(protocol, view));
      },
    );
  }
};
