import pino from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { listenForChanges, noChangeNotifications } from './db/change-notifications.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { HandlersInFlight } from './http/handlers-in-flight.js';
import { bindJobHandlers, type JobHandler } from './jobs/job-handler.js';
import { startJobQueue } from './jobs/pg-boss-queue.js';
import { auditJobHandlers } from './modules/audit/audit.job-handlers.js';
import { authJobHandlers } from './modules/auth/auth.job-handlers.js';
import { MemorySessionCache, noSessionCache, sessionCacheChannel } from './modules/auth/session-cache.js';
import { caseJobHandlers } from './modules/cases/cases.job-handlers.js';
import { contactJobHandlers } from './modules/contacts/contacts.job-handlers.js';
import { deliveryJobHandlers } from './modules/delivery/delivery.job-handlers.js';
import { settleUrgentDeliveries } from './modules/delivery/delivery.service.js';
import { createEmailTransport } from './modules/delivery/transports/email.js';
import { idempotencyJobHandlers } from './modules/idempotency/idempotency.job-handlers.js';
import { insightsJobHandlers } from './modules/insights/insights.job-handlers.js';
import { linkCacheChannel, MemoryLinkCache, noLinkCache } from './modules/public-links/link-cache.js';
import { publicLinkJobHandlers } from './modules/public-links/public-links.job-handlers.js';
import { recurringSendJobHandlers } from './modules/recurring-sends/recurring-sends.job-handlers.js';
import { reminderJobHandlers } from './modules/reminders/reminders.job-handlers.js';
import { reportJobHandlers } from './modules/reports/reports.job-handlers.js';
import { retentionJobHandlers } from './modules/retention/retention.job-handlers.js';
import {
  MemoryRespondentCache,
  noRespondentCache,
  respondentCacheChannel,
} from './modules/surveys/respondent-cache.js';
import { textAnalyticsJobHandlers } from './modules/text-analytics/text-analytics.job-handlers.js';
import { queueTextAnalyticsBackfill } from './modules/text-analytics/text-analytics.service.js';
import { MemoryWebhookCache, noWebhookCache, webhookCacheChannel } from './modules/webhooks/webhook-cache.js';
import { settleWebhookDispatches } from './modules/webhooks/webhook-dispatch.js';
import { webhookJobHandlers } from './modules/webhooks/webhooks.job-handlers.js';
import { readProviderWorkspaceId } from './modules/workspaces/provider-workspace.service.js';
import { workspaceJobHandlers } from './modules/workspaces/workspaces.job-handlers.js';

// No password, hash, token or cookie ever reaches a log line.
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream) {
  return pino(
    { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' } },
    destination,
  );
}

/** Every job the application runs, collected from the modules that own them. */
const jobHandlers: readonly JobHandler[] = [
  ...deliveryJobHandlers,
  ...reminderJobHandlers,
  ...authJobHandlers,
  ...auditJobHandlers,
  ...caseJobHandlers,
  ...contactJobHandlers,
  ...recurringSendJobHandlers,
  ...publicLinkJobHandlers,
  ...textAnalyticsJobHandlers,
  ...reportJobHandlers,
  ...webhookJobHandlers,
  ...idempotencyJobHandlers,
  ...workspaceJobHandlers,
  ...retentionJobHandlers,
  ...insightsJobHandlers,
];
export const jobDefinitions = jobHandlers.map((handler) => handler.job);

export interface ContextOptions {
  /** Only a process that serves requests caches lookups; a worker needs no listening connection. */
  servesRequests: boolean;
  providerWorkspaceId: string | undefined;
  now?: () => Date;
}

/**
 * The in-memory caches of a process that serves requests, each trusted only while the one
 * listening connection hears their channels (docs/decisions/006-session-cache.md, 032-link-cache.md).
 */
async function openCaches(database: DatabaseHandle, log: pino.Logger, servesRequests: boolean) {
  if (!servesRequests) {
    return {
      sessionCache: noSessionCache,
      linkCache: noLinkCache,
      webhookCache: noWebhookCache,
      respondentCache: noRespondentCache,
      changeNotifications: noChangeNotifications,
    };
  }
  const sessionCache = new MemorySessionCache();
  const linkCache = new MemoryLinkCache();
  const webhookCache = new MemoryWebhookCache();
  // On PGlite this process is the only one: a save forgets its survey here and tells nobody.
  const respondentCache = new MemoryRespondentCache(
    database.kind === 'postgres'
      ? (payload) =>
          database
            .executeSql('select pg_notify($1, $2)', [respondentCacheChannel, payload])
            .then(() => {})
            .catch((error: unknown) =>
              // The other processes keep what they hold until its age bound (a minute).
              log.warn({ err: error }, "a respondent save's announcement to the other processes failed"),
            )
      : undefined,
  );
  const changeNotifications = await listenForChanges(database, log, {
    [sessionCacheChannel]: sessionCache,
    [linkCacheChannel]: linkCache,
    [webhookCacheChannel]: webhookCache,
    [respondentCacheChannel]: respondentCache,
  });
  return { sessionCache, linkCache, webhookCache, respondentCache, changeNotifications };
}

/** Starts the job queue and gathers what services need around an open, migrated database. */
export async function createAppContext(
  config: Config,
  database: DatabaseHandle,
  log: pino.Logger,
  options: ContextOptions,
): Promise<AppContext> {
  const jobs = await startJobQueue(database, log, jobDefinitions);
  const caches = await openCaches(database, log, options.servesRequests);
  return {
    config,
    log,
    database,
    db: database.db,
    jobs,
    email: createEmailTransport(config.smtpUrl, config.mailFrom),
    now: options.now ?? (() => new Date()),
    ...caches,
    providerWorkspaceId: options.providerWorkspaceId,
    lifecycle: { isDraining: false, handlers: new HandlersInFlight() },
  };
}

/** Opens and migrates the database, starts the job queue and gathers what services need. */
export async function startRuntime(
  config: Config,
  options: { servesRequests: boolean } = { servesRequests: true },
): Promise<AppContext> {
  const log = createLogger(config);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  await migrateDatabase(handle);
  const providerWorkspaceId = config.providerWorkspaceId ?? (await readProviderWorkspaceId(handle.db));
  return createAppContext(config, handle, log, { ...options, providerWorkspaceId });
}

/** Runs the jobs in this process: the server's in-process worker, or `npm run worker`. */
export async function startJobWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.startWorkers(bindJobHandlers(ctx, jobHandlers));
  // Surveys completed before text analytics existed are analysed by a job (decision 030).
  // Not fatal: the next start queues it again.
  await queueTextAnalyticsBackfill(ctx).catch((error: unknown) =>
    ctx.log.warn({ err: error }, 'text analytics backfill not queued'),
  );
}

export async function stopRuntime(runtime: AppContext): Promise<void> {
  // Jobs that wait (a reminder run for room in the outbox) end early and leave the rest queued.
  runtime.lifecycle.isDraining = true;
  await settleUrgentDeliveries();
  await settleWebhookDispatches(runtime);
  await runtime.jobs.stop();
  runtime.email.close();
  await runtime.changeNotifications.close();
  await runtime.database.close();
}
