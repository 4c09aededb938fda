import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound, unauthenticated } from '../../errors.js';
import { access } from '../../http/access.js';
import { countQueuedMessages } from '../delivery/delivery.service.js';

// Prometheus metrics at `/api/metrics` (docs/decisions/041-metrics.md), on only when METRICS_TOKEN is
// set: then every request is timed (one histogram observation) and a scrape reads the queues, the
// outbox and the caches. Off, nothing is added to any request.

const metricsOffMessage = 'Metrics are off: set METRICS_TOKEN to turn them on.';

/** The metrics of one application: its own registry, so test apps in one process stay apart. */
export function createMetrics(ctx: AppContext): Registry {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'graphium_http_request_duration_seconds',
    help: 'Requests by route pattern, method and status: rate (_count) and latency.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  registry.registerMetric(requests);
  new Gauge({
    name: 'graphium_job_queue_waiting',
    help: 'Jobs waiting to run (queued or waiting to retry), by job.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sizes = await ctx.jobs.sizes().catch(() => ({}));
      for (const [job, size] of Object.entries(sizes)) this.set({ job }, size);
    },
  });
  const outbox = sharedOutboxRead(ctx);
  new Gauge({
    name: 'graphium_outbox_queued_messages',
    help: 'E-mails, SMS and Slack messages waiting to leave (the outbox backlog).',
    registers: [registry],
    async collect() {
      this.set((await outbox()).queued);
    },
  });
  new Gauge({
    name: 'graphium_outbox_oldest_due_seconds',
    help: 'How long the oldest message due to leave has waited.',
    registers: [registry],
    async collect() {
      this.set((await outbox()).oldestDueSeconds);
    },
  });
  for (const outcome of ['hits', 'misses'] as const) {
    new Counter({
      name: `graphium_session_cache_${outcome}_total`,
      help: `Signed-in lookups ${outcome === 'hits' ? 'answered from memory' : 'read from the database'}.`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(ctx.sessionCache.counts[outcome]);
      },
    });
  }
  new Gauge({
    name: 'graphium_database_pool_connections',
    help: 'The PostgreSQL pool: connections by state (in use, idle) and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = ctx.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return registry;
}

/**
 * One outbox read per scrape, shared by its two gauges: a scrape asks every metric at once, so
 * the second gauge finds the first one's read still running.
 */
function sharedOutboxRead(ctx: AppContext) {
  let pending: Promise<{ queued: number; oldestDueSeconds: number }> | undefined;
  return () => {
    pending ??= countQueuedMessages(ctx.db)
      .catch(() => ({ queued: Number.NaN, oldestDueSeconds: Number.NaN }))
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/** Times every request of `app` into the registry's histogram (root level, before the routes). */
export function timeRequests(app: FastifyInstance, registry: Registry): void {
  const requests = registry.getSingleMetric('graphium_http_request_duration_seconds') as Histogram<
    'method' | 'route' | 'status'
  >;
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not its URL: ids do not make new series. Unknown paths share one.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given?.startsWith('Bearer ')) return false;
  const left = Buffer.from(given.slice('Bearer '.length));
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; metrics?: Registry }> = async (
  app,
  { ctx, metrics },
) => {
  app.get(
    '/metrics',
    {
      // A token of its own, not a session: a Prometheus server scrapes it.
      config: { access: access.anyone },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (text exposition format)',
        description:
          'Request rates and latencies per route, job queue depths, the outbox backlog, session-cache ' +
          'hits and misses, the database pool. Needs `Authorization: Bearer <METRICS_TOKEN>`; 404 while ' +
          'METRICS_TOKEN is not set.',
        security: [],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (!token || !metrics) throw notFound(metricsOffMessage);
      if (!tokenMatches(request.headers.authorization, token)) {
        throw unauthenticated('The metrics token is missing or wrong.');
      }
      const text = await metrics.metrics();
      return reply.type(metrics.contentType).send(text);
    },
  );
};
