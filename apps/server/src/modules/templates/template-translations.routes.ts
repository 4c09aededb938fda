import { type TemplateKind, type TemplateWire, templateApiPaths, toVersionWire } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { exportTemplateTranslations, importTemplateTranslations } from './template-translations.service.js';
import { templateNotFoundMessages } from './templates.service.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A CSV of a 200-question template in five languages is well under a megabyte. */
const maxCsvCharacters = 2_000_000;

/** The translations CSV of a version (decision 025), for survey and base survey templates alike. */
export function registerTranslationRoutes(
  app: ZodApp,
  ctx: AppContext,
  kind: TemplateKind,
  tags: string[],
  versionSchema: z.ZodType<TemplateWire[TemplateKind]['version']>,
) {
  const path = templateApiPaths[kind];
  const params = z.object({ id: z.uuid(templateNotFoundMessages[kind]) });

  app.get(
    `${path}/:id/translations.csv`,
    {
      config: { access: access.workspace('read') },
      schema: { tags, params, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const { csv, fileName } = await exportTemplateTranslations(
        ctx,
        actorOf(request),
        kind,
        request.params.id,
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.post(
    `${path}/:id/translations/import`,
    {
      config: { access: access.workspace('write') },
      bodyLimit: 3 * maxCsvCharacters,
      schema: {
        tags,
        params,
        body: z.object({
          csv: z
            .string({ error: 'Attach the translations CSV file' })
            .min(1, 'The file is empty')
            .max(maxCsvCharacters, 'The file is too large for a template’s translations'),
          updatedAt: z.iso.datetime().optional(),
        }),
        response: { 200: versionSchema },
      },
    },
    async (request) =>
      toVersionWire(
        kind,
        await importTemplateTranslations(ctx, actorOf(request), kind, request.params.id, request.body),
      ),
  );
}
