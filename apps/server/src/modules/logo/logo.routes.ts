import multipart from '@fastify/multipart';
import {
  customerLogoSchema,
  deleteLogoResponseSchema,
  logoEmptyErrorMessage,
  logoFieldName,
  logoMaxBytes,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors.js';
import { access, actorOf } from '../../http/access.js';
import { getLogo, getLogoFile, logoTooLarge, removeLogo, uploadLogo } from './logo.service.js';

const noFile = () => invalid(logoEmptyErrorMessage, { [logoFieldName]: logoEmptyErrorMessage });

/**
 * The customer's logo (docs/product-rules.md#logo-and-api-keys): `/customers/logo...`, and its public copy at
 * `/logos/{sha256}`.
 */
export const logoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Only this plugin reads multipart bodies; the limit stops a large upload while it streams.
  await app.register(multipart, { limits: { fileSize: logoMaxBytes, files: 1, fields: 10, parts: 20 } });

  app.get(
    '/customers/logo',
    {
      schema: { tags: ['logo'], response: { 200: customerLogoSchema } },
      config: { access: access.member() },
    },
    async (request) => getLogo(ctx, actorOf(request).customerId),
  );

  app.post(
    '/customers/logo/upload',
    {
      schema: { tags: ['logo'], consumes: ['multipart/form-data'], response: { 200: customerLogoSchema } },
      config: { access: access.member('admin') },
    },
    async (request) => {
      if (!request.isMultipart()) throw noFile();
      const part = await request.file();
      if (!part || part.fieldname !== logoFieldName) throw noFile();
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw logoTooLarge();
        throw error;
      }
      return uploadLogo(ctx, actorOf(request), bytes);
    },
  );

  app.delete(
    '/customers/logo',
    {
      schema: { tags: ['logo'], response: { 200: deleteLogoResponseSchema } },
      config: { access: access.member('admin') },
    },
    async (request) => removeLogo(ctx, actorOf(request)),
  );

  app.get(
    '/logos/:sha256',
    {
      schema: { tags: ['logo'], params: z.object({ sha256: z.string() }) },
      config: { access: access.anyone },
    },
    async (request, reply) => {
      const file = await getLogoFile(ctx, request.params.sha256);
      return (
        reply
          .type(file.contentType)
          // The URL names the bytes, so they never change under it.
          .header('cache-control', 'public, max-age=31536000, immutable')
          // Opened on its own, an SVG is a document: it may not run script or load anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          // E-mails and other sites show the logo too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.content)
      );
    },
  );
};
