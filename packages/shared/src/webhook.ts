import { z } from 'zod';
import { normalizePage, normalizePageSize } from './pagination.js';

// Workspace webhooks (docs/decisions/036-webhooks.md): a workspace's admins point events at their
// own HTTPS endpoint; each delivery is signed as the Standard Webhooks specification says
// (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over id.timestamp.body).

/** The events a webhook can subscribe to. */
export const webhookEventTypes = [
  'survey.sent',
  'survey.opened',
  'survey.completed',
  'alert.fired',
  'case.updated',
  'contact.unsubscribed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** "Send test event" sends this type, to the one webhook only; nobody subscribes to it. */
export const webhookTestEventType = 'webhook.test';

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'survey.sent': 'A survey was sent (one event per survey, bulk sends included).',
  'survey.opened': 'A respondent opened a survey for the first time.',
  'survey.completed': 'A respondent completed a survey: the answers and the scores.',
  'alert.fired': "A completed survey met an alert's conditions.",
  'case.updated':
    'A case changed: its status, its assignee, a note, a reply to the respondent or an escalation.',
  'contact.unsubscribed': 'A contact unsubscribed (link in a message, or an SMS STOP).',
};

/** Standard Webhooks' secret form: `whsec_` and the base64 of the key. */
export const webhookSecretPrefix = 'whsec_';

const webhookUrlMaxLength = 2048;
export const webhookUrlInvalidMessage = 'Enter a valid URL, e.g. https://example.com/graphium-webhook';
export const webhookUrlHttpsMessage = 'The webhook URL must start with https://';

/**
 * The address's shape as typed (https); the server checks it again, with where its host resolves
 * (no private or loopback address unless the operator allowed the host, then http too).
 */
export const webhookUrlSchema = z
  .string({ error: webhookUrlInvalidMessage })
  .trim()
  .min(1, 'Enter the webhook URL')
  .max(webhookUrlMaxLength, `The URL must be at most ${webhookUrlMaxLength} characters`)
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), webhookUrlInvalidMessage)
  .refine((text) => !URL.canParse(text) || new URL(text).protocol === 'https:', webhookUrlHttpsMessage);

const webhookDescriptionSchema = z
  .string()
  .trim()
  .max(200, 'Use at most 200 characters')
  .optional()
  .transform((value) => value ?? '');

const webhookEventsSchema = z
  .array(z.enum(webhookEventTypes, { error: 'Unknown event' }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((events) => webhookEventTypes.filter((type) => events.includes(type)));

/**
 * `POST /webhooks`. The address is read as text: the server checks it (`webhookUrlSchema`, then
 * where its host resolves), since hosts the operator allowed on private addresses may use http.
 */
export const createWebhookBodySchema = z.object({
  url: z.string({ error: webhookUrlInvalidMessage }).trim().max(webhookUrlMaxLength),
  description: webhookDescriptionSchema,
  events: webhookEventsSchema,
});
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.input<typeof createWebhookBodySchema>;

/** `PATCH /webhooks/{id}`: fields left out stay; `isEnabled: true` turns a disabled webhook back on. */
export const updateWebhookBodySchema = z
  .object({
    url: z.string({ error: webhookUrlInvalidMessage }).trim().max(webhookUrlMaxLength),
    description: webhookDescriptionSchema,
    events: webhookEventsSchema,
    isEnabled: z.boolean(),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;
export type UpdateWebhookInput = z.input<typeof updateWebhookBodySchema>;

const webhookSchema = z.object({
  webhookId: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  isEnabled: z.boolean(),
  /** Why it was turned off: by an admin, or after failing for a day. */
  disabledReason: z.string().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** The first failure of the current run of failures; null while deliveries succeed. */
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** One webhook for its admins: with its signing secret. */
export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().meta({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
  /**
   * After a rotation, the previous secret still signs every request (a second signature in
   * `webhook-signature`) until this time, 24 hours on (docs/decisions/047-connect-gaps.md).
   */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** `GET /webhooks`: oldest first. */
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;

const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

const webhookAttemptSchema = z.object({
  attemptedAt: z.iso.datetime(),
  /** The endpoint's HTTP status; null when it could not be reached or did not answer in time. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The start of the endpoint's answer (at most 500 characters). */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  deliveryId: z.uuid(),
  /** The `webhook-id` header: the same on every attempt and redelivery of this event. */
  eventId: z.string().meta({ example: 'msg_6f1c1e0e8a5b4c55a2c1f1f2a3b4c5d6' }),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attemptCount: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Newest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.unknown().optional().transform(normalizePage),
  limit: z.unknown().optional().transform(normalizePageSize),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

/** `GET /webhooks/{id}/deliveries`: newest first, paged. */
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
