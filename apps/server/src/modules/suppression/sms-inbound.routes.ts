import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { access } from '../../http/access.js';
import { handleInboundSms, isValidTwilioSignature, toTwiml } from './sms-inbound.service.js';

const smsNotConfiguredMessage = 'SMS is not configured on this installation (SMS_*).';
const badSmsSignatureMessage = 'The request signature (X-Twilio-Signature) is missing or invalid.';

/** Form fields of the provider's inbound-message webhook (Twilio's shape; the others pass through). */
const inboundSmsSchema = z.looseObject({
  From: z.string().max(64),
  To: z.string().max(64).optional(),
  Body: z.string().max(1600).default(''),
  MessageSid: z.string().max(64).optional(),
  AccountSid: z.string().max(64).optional(),
});

/**
 * The provider's rate of webhooks, from its own few addresses: generous, but a flood of forged
 * calls (each costs an HMAC) stops.
 */
const inboundRateLimit = {
  max: 300,
  timeWindow: '1 minute',
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
};

/**
 * `POST /sms/inbound` (decision 008): the SMS provider's inbound-message webhook, pointed at
 * `${PUBLIC_URL}/api/sms/inbound`, so that replies to "Reply STOP to opt out." work. Its
 * credential is the provider's signature; it takes no cookie, hence no anti-forgery token.
 */
export const smsInboundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // This plugin's routes take only the provider's form body (parsed here: no form plugin needed).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/sms/inbound',
    {
      config: { access: access.anyone, rateLimit: inboundRateLimit, skipAntiForgery: true },
      schema: {
        tags: ['sms'],
        summary: "The SMS provider's inbound webhook: STOP, START and HELP replies (Twilio-signed)",
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/xml'],
        headers: z.looseObject({ 'x-twilio-signature': z.string().optional() }),
        body: inboundSmsSchema,
      },
      onRequest: async () => {
        if (!ctx.config.sms) throw notFound(smsNotConfiguredMessage);
      },
      // Checked on the form as received, before validation fills in defaults.
      preValidation: async (request) => {
        const sms = ctx.config.sms;
        if (!sms) throw notFound(smsNotConfiguredMessage);
        const params = isStringRecord(request.body) ? request.body : {};
        const signature = request.headers['x-twilio-signature'];
        const url = `${ctx.config.publicUrl}${request.url}`;
        if (
          !isValidTwilioSignature(
            sms.authToken,
            url,
            params,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          request.log.warn({ ip: request.ip }, 'inbound SMS refused: bad signature');
          throw forbidden(badSmsSignatureMessage);
        }
      },
    },
    async (request, reply) => {
      const { From, Body, MessageSid } = request.body;
      const text = await handleInboundSms(ctx, { from: From, body: Body, messageSid: MessageSid });
      return reply.type('text/xml; charset=utf-8').send(toTwiml(text));
    },
  );
};

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
