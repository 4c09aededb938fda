import {
  baseSurveyTemplateListSchema,
  baseSurveyTemplateVersionSchema,
  createBaseSurveyTemplateSchema,
  createSurveyTemplateSchema,
  fromChangesWire,
  fromCreateWire,
  stateChangeSchema,
  surveyTemplateListSchema,
  surveyTemplateVersionSchema,
  type TemplateKind,
  type TemplateWire,
  templateApiPaths,
  templateKinds,
  toListWire,
  toVersionWire,
  updateBaseSurveyTemplateVersionSchema,
  updateSurveyTemplateVersionSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import type { V1Declaration } from '../../http/api-v1.js';
import { pageOf } from '../../http/cursor-paging.js';
import { listTemplates, listTemplatesPage, templateCursorKey } from './template-lists.service.js';
import { registerTranslationRoutes } from './template-translations.routes.js';
import {
  changeTemplateState,
  createDraftVersion,
  createTemplate,
  getTemplateVersion,
  templateNotFoundMessages,
  updateTemplateVersion,
} from './templates.service.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The same call carries either the changes or only a stateCode. */
const optionalStateCode = { stateCode: stateChangeSchema.shape.stateCode.optional() };

/**
 * Survey templates and base survey templates speak the same protocol with different field names
 * (docs/product-rules.md#survey-templates-and-versions): `surveyTemplateName` /
 * `baseSurveyTemplateName`, and so on. One set of routes serves both; `@graphium/shared`'s
 * template-wire names the fields, and each kind's schemas are typed by its wire shapes, so the
 * bodies the routes read and the replies they send are checked per kind.
 */
interface KindProtocol<K extends TemplateKind> {
  kind: K;
  tags: string[];
  /** The /api/v1 twins of this kind's routes (docs/decisions/037-public-api-v1.md); none for base templates. */
  v1?: Record<'list' | 'get' | 'create' | 'update' | 'draft' | 'state', V1Declaration>;
  schemas: {
    list: z.ZodType<TemplateWire[K]['list']>;
    version: z.ZodType<TemplateWire[K]['version']>;
    create: z.ZodType<TemplateWire[K]['created']>;
    update: z.ZodType<TemplateWire[K]['updated'] & { stateCode?: 'PUBLISHED' | 'UNPUBLISHED' | undefined }>;
  };
}

const protocols: { [K in TemplateKind]: KindProtocol<K> } = {
  survey: {
    kind: 'survey',
    tags: ['survey templates'],
    v1: {
      list: {
        area: 'templates',
        operationId: 'listSurveyTemplates',
        summary: "The workspace's survey templates, newest first, each with its latest version",
        list: { items: 'surveyTemplates', item: surveyTemplateListSchema.shape.surveyTemplates.element },
      },
      get: {
        area: 'templates',
        operationId: 'getSurveyTemplate',
        summary:
          'A version of a survey template (`id`: the version) with its questions, properties and settings',
      },
      create: {
        area: 'templates',
        operationId: 'createSurveyTemplate',
        summary: 'Create a survey template (its first version, a draft)',
      },
      update: {
        area: 'templates',
        operationId: 'updateSurveyTemplate',
        summary: 'Change a draft version (`id`: the version), or publish or unpublish it (`stateCode`)',
      },
      draft: {
        area: 'templates',
        operationId: 'createSurveyTemplateDraft',
        summary: 'Start a new draft version of a template (`id`: the template), or get its draft',
      },
      state: {
        area: 'templates',
        operationId: 'changeSurveyTemplateState',
        summary: 'Publish or unpublish a version (`id`: the version)',
      },
    },
    schemas: {
      list: surveyTemplateListSchema,
      version: surveyTemplateVersionSchema,
      create: createSurveyTemplateSchema,
      update: updateSurveyTemplateVersionSchema.extend(optionalStateCode),
    },
  },
  base: {
    kind: 'base',
    tags: ['base survey templates'],
    schemas: {
      list: baseSurveyTemplateListSchema,
      version: baseSurveyTemplateVersionSchema,
      create: createBaseSurveyTemplateSchema,
      update: updateBaseSurveyTemplateVersionSchema.extend(optionalStateCode),
    },
  },
};

/**
 * The routes of one kind. Fastify's route types do not follow a kind parameter, so here the kind
 * is either one: `protocols` above is what ties each kind's schemas to its own wire shapes.
 */
function registerKind(app: ZodApp, ctx: AppContext, protocol: KindProtocol<TemplateKind>) {
  const { kind, tags, schemas, v1 } = protocol;
  const path = templateApiPaths[kind];
  const params = z.object({ id: z.uuid(templateNotFoundMessages[kind]) });
  registerTranslationRoutes(app, ctx, kind, tags, schemas.version);

  app.get(
    `${path}/`,
    {
      config: { access: access.workspace('read'), v1: v1?.list },
      schema: { tags, response: { 200: schemas.list } },
    },
    async (request) => {
      const page = pageOf(request, templateCursorKey);
      if (!page) return toListWire(kind, await listTemplates(ctx, actorOf(request), kind));
      const { items, next } = await listTemplatesPage(ctx, actorOf(request), kind, page);
      return { ...toListWire(kind, items), next };
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: { access: access.workspace('read'), v1: v1?.get },
      schema: { tags, params, response: { 200: schemas.version } },
    },
    async (request) =>
      toVersionWire(kind, await getTemplateVersion(ctx, actorOf(request), kind, request.params.id)),
  );

  app.post(
    `${path}/`,
    {
      config: { access: access.workspace('write'), v1: v1?.create },
      schema: {
        tags,
        body: schemas.create,
        response: { 201: schemas.version },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await createTemplate(ctx, actor, kind, fromCreateWire(kind, request.body));
      return reply.status(201).send(toVersionWire(kind, view));
    },
  );

  app.patch(
    `${path}/:id`,
    {
      config: { access: access.workspace('write'), v1: v1?.update },
      schema: {
        tags,
        params,
        body: schemas.update,
        response: { 200: schemas.version },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { body } = request;
      // docs/product-rules.md#survey-templates-and-versions: the same call carries either the
      // changes or only a stateCode.
      const view = body.stateCode
        ? await changeTemplateState(ctx, actor, kind, request.params.id, body.stateCode)
        : await updateTemplateVersion(ctx, actor, kind, request.params.id, fromChangesWire(kind, body));
      return toVersionWire(kind, view);
    },
  );

  app.post(
    `${path}/:id/version`,
    {
      config: { access: access.workspace('write'), v1: v1?.draft },
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
      return reply.status(201).send(toVersionWire(kind, view));
    },
  );

  app.patch(
    `${path}/:id/state`,
    {
      config: { access: access.workspace('write'), v1: v1?.state },
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
      return toVersionWire(kind, view);
    },
  );
}

export const templateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const kind of templateKinds) registerKind(app, ctx, protocols[kind]);
};
