import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhooksResponseSchema,
  webhookWithSecretSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.js';

const webhookParams = z.object({ id: z.uuid('Webhook not found') });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid('Delivery not found') });
const admins = { access: access.member('admin') };
const tags = ['webhooks'];

/**
 * Workspace webhooks (docs/decisions/036-webhooks.md): admins only, signed in (the area's rule,
 * http/route-rules.ts). Deliveries are signed as Standard Webhooks says; Settings → Webhooks shows
 * how to verify them.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: "The workspace's webhooks, oldest first (admins)",
        response: { 200: webhooksResponseSchema },
      },
      config: admins,
    },
    async (request) => listWebhooks(ctx, actorOf(request)),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook (admins): an https address with a public host, and the events it receives',
        description:
          'Answers the webhook with its signing secret (`whsec_…`). Each delivery is a POST of `{ type, timestamp, data }` with the headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks).',
        body: createWebhookBodySchema.meta({
          example: {
            url: 'https://example.com/graphium-webhook',
            description: 'CRM sync',
            events: ['survey.completed', 'contact.unsubscribed'],
          },
        }),
        response: { 201: webhookWithSecretSchema },
      },
      config: admins,
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook with its signing secret (admins)',
        params: webhookParams,
        response: { 200: webhookWithSecretSchema },
      },
      config: admins,
    },
    async (request) => getWebhook(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change a webhook, or turn it off or back on (admins); fields left out stay',
        params: webhookParams,
        body: updateWebhookBodySchema.meta({ example: { isEnabled: true } }),
        response: { 200: webhookWithSecretSchema },
      },
      config: admins,
    },
    async (request) => updateWebhook(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret; the previous one also signs for 24 hours (admins)',
        params: webhookParams,
        response: { 200: webhookWithSecretSchema },
      },
      config: admins,
    },
    async (request) => rotateWebhookSecret(ctx, actorOf(request), request.params.id),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log (admins)',
        params: webhookParams,
        response: { 200: z.object({ webhookId: z.uuid() }) },
      },
      config: admins,
    },
    async (request) => deleteWebhook(ctx, actorOf(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "A webhook's delivery log, newest first, paged, each delivery with its attempts (admins)",
        params: webhookParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
      config: admins,
    },
    async (request) => listWebhookDeliveries(ctx, actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivered or failed event again, with the same webhook-id (admins)',
        params: deliveryParams,
        response: { 202: webhookDeliverySchema },
      },
      config: admins,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await redeliverWebhookDelivery(ctx, actorOf(request), request.params.id, request.params.deliveryId),
        ),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test event (type webhook.test) to this webhook (admins)',
        params: webhookParams,
        response: { 202: webhookDeliverySchema },
      },
      config: admins,
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestEvent(ctx, actorOf(request), request.params.id)),
  );
};
