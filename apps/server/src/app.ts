import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorBody } from '@graphium/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { TrustProxy } from './config.js';
import type { AppContext } from './context.js';
import { outageReporter } from './db/availability.js';
import { registerAccessControl } from './http/access.js';
import { registerAntiForgery } from './http/anti-forgery.js';
import { apiV1Routes, collectV1Declarations, type V1Route } from './http/api-v1.js';
import { registerErrorHandler } from './http/error-handler.js';
import { countHandlersInFlight } from './http/handlers-in-flight.js';
import { openApiOptions } from './http/openapi.js';
import { buildV1Document } from './http/openapi-v1.js';
import { rateLimitNamespace } from './http/rate-limit.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { collectRoutes, type RegisteredRoute } from './http/route-rules.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { isUuid } from './ids.js';
import { accountRoutes } from './modules/accounts/accounts.routes.js';
import { alertRoutes } from './modules/alerts/alerts.routes.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { caseRoutes } from './modules/cases/cases.routes.js';
import { contactSegmentRoutes } from './modules/contacts/contact-segments.routes.js';
import { contactRoutes } from './modules/contacts/contacts.routes.js';
import { deletionRoutes } from './modules/deletions/deletions.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createMetrics, metricsRoutes, timeRequests } from './modules/health/metrics.js';
import { insightRoutes } from './modules/insights/insights.routes.js';
import { listRoutes } from './modules/lists/lists.routes.js';
import { logoRoutes } from './modules/logo/logo.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { publicLinkPages } from './modules/public-links/public-link-pages.js';
import { publicLinkRoutes } from './modules/public-links/public-links.routes.js';
import { recurringSendRoutes } from './modules/recurring-sends/recurring-sends.routes.js';
import { reportSubscriptionRoutes } from './modules/reports/report-subscriptions.routes.js';
import { responseRoutes } from './modules/responses/responses.routes.js';
import { retentionRoutes } from './modules/retention/retention.routes.js';
import { smsInboundRoutes } from './modules/suppression/sms-inbound.routes.js';
import { suppressionRoutes } from './modules/suppression/suppression.routes.js';
import { surveyRoutes } from './modules/surveys/surveys.routes.js';
import { templateRoutes } from './modules/templates/templates.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { invitationRoutes } from './modules/workspaces/invitations.routes.js';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes.js';

/**
 * Fastify reads a bare hop count as "trust nobody" (it cannot check the peer); a hop count here
 * means the operator says the server is reachable only through that many proxies, so the
 * addresses they add are believed, nearest first (README.md#configuration).
 */
function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access: the rows of the rules table (http/route-rules.ts). */
    registeredRoutes: RegisteredRoute[];
    /** The /api/v1 twins as mounted (http/api-v1.ts): what its OpenAPI document describes. */
    apiV1Routes: V1Route[];
  }
}

/** The whole HTTP application; used by `main.ts` and by the tests (through `app.inject`). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Unsubscribe links carry a signed token naming the workspace and the contact (decision 008),
    // longer than the router's default of 100 characters for a path parameter.
    routerOptions: { maxParamLength: 600 },
    // Per-request lines only when debugging: errors are logged by the error handler anyway.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie, { secret: config.sessionSecret });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    strictTransportSecurity: config.cookieSecure,
  });
  // Several instances share counters through Redis; the namespace keeps installations that
  // share one Redis apart (it derives from their secret, which they never share).
  const redis = config.redisUrl ? connectRateLimitRedis(config.redisUrl, ctx.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
    // Counting starts shared: wait (briefly) for Redis before serving; if it is away, start anyway.
    await Promise.race([once(redis, 'ready'), setTimeout(redisReadyWaitMs)]).catch(() => {});
  }
  await app.register(rateLimit, {
    global: false,
    // Redis away: the limited routes answer as if under the limit rather than fail; the counters
    // are shared again when it returns (docs/decisions/014-dependencies-that-go-away.md).
    skipOnError: true,
    ...(redis
      ? {
          redis,
          nameSpace: rateLimitNamespace(config.sessionSecret),
        }
      : {}),
  });
  registerAntiForgery(app, { secret: config.sessionSecret, secure: config.cookieSecure });

  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  // Only with a token: off, no request pays for timing (decision 041).
  const metrics = config.metricsToken ? createMetrics(ctx) : undefined;
  if (metrics) timeRequests(app, metrics);

  app.decorate('registeredRoutes', collectRoutes(app));
  app.decorate('apiV1Routes', []);
  await app.register(
    async (api) => {
      // Before the access hook, which adds to each route: the twins start from the declaration.
      const declaredV1 = collectV1Declarations(api);
      countHandlersInFlight(api, ctx.lifecycle.handlers);
      registerAccessControl(api, ctx);
      const modules = [
        healthRoutes,
        authRoutes,
        accountRoutes,
        workspaceRoutes,
        invitationRoutes,
        listRoutes,
        logoRoutes,
        apiKeyRoutes,
        templateRoutes,
        surveyRoutes,
        publicLinkRoutes,
        responseRoutes,
        alertRoutes,
        caseRoutes,
        contactRoutes,
        contactSegmentRoutes,
        recurringSendRoutes,
        insightRoutes,
        notificationRoutes,
        suppressionRoutes,
        smsInboundRoutes,
        auditRoutes,
        reportSubscriptionRoutes,
        webhookRoutes,
        deletionRoutes,
        retentionRoutes,
        privacyRoutes,
      ];
      for (const routes of modules) {
        await api.register(routes, { ctx, rateLimitStore: redis });
      }
      await api.register(metricsRoutes, { ctx, metrics });
      await api.register(apiV1Routes(ctx, declaredV1, app.apiV1Routes), { prefix: '/v1' });
    },
    { prefix: '/api' },
  );
  let v1Document: unknown;
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, () => {
    v1Document ??= buildV1Document(app.apiV1Routes);
    return v1Document;
  });

  const webDist = config.webDistDir;
  const hasWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  if (webDist && hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      // The web build writes .br/.gz beside its assets: a phone downloads a third of the bytes.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite names assets by content hash: they never change, so browsers may keep them.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const surveyHtml = webDist && hasWeb ? readFileSync(join(webDist, 'survey.html'), 'utf8') : '';
  // /s/{slug} and /embed.js: public links' pages, framed only by the sites each link lists.
  await app.register(publicLinkPages, { ctx, pageHtml: surveyHtml });
  /**
   * survey.html with the page's first API call announced in its head, so the phone fetches the
   * survey while it downloads the script instead of after (one round trip less before the first
   * paint). The request matches the page's own fetch (same URL and credentials), which reuses it.
   */
  const respondentPage = (surveyId: string) =>
    isUuid(surveyId)
      ? surveyHtml.replace(
          '<head>',
          `<head>\n    <link rel="preload" href="/api/surveys/${surveyId}?markAsOpened=true" as="fetch" crossorigin="use-credentials" />`,
        )
      : surveyHtml;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isAppPath = !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (hasWeb && request.method === 'GET' && isAppPath) {
      // The respondent page is its own entry point (decision 005), without the staff app's code.
      if (path.startsWith('/survey/')) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(respondentPage(path.slice('/survey/'.length)));
      }
      // The single-page app owns every other path (/dashboard, /invite/…).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } satisfies ErrorBody);
  });

  return app;
}

const redisReadyWaitMs = 3_000;

/**
 * The rate-limit counters' Redis: commands fail at once while it is away (no queue of commands
 * waiting for it), it reconnects by itself, and its outage is logged once.
 */
function connectRateLimitRedis(url: string, log: AppContext['log']): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const outage = outageReporter(log, 'rate-limit counters (Redis)');
  redis.on('error', (error) => outage.down(error));
  redis.on('ready', () => outage.up());
  return redis;
}
