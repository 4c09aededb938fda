import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { ChangeNotifications } from './db/change-notifications.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { HandlersInFlight } from './http/handlers-in-flight.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { EmailTransport } from './modules/delivery/transports/email.js';
import type { LinkCache } from './modules/public-links/link-cache.js';
import type { RespondentCache } from './modules/surveys/respondent-cache.js';
import type { WebhookCache } from './modules/webhooks/webhook-cache.js';
import { oncePer } from './once-per.js';

/** What services need from the outside world, passed down instead of imported. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  email: EmailTransport;
  log: FastifyBaseLogger;
  /** The clock; tests move it instead of waiting. */
  now(): Date;
  /** Signed-in lookups kept while the database's change notifications are heard. */
  sessionCache: SessionCache;
  /** Public links' starts, by address, kept on the same terms. */
  linkCache: LinkCache;
  /** Which events each workspace's webhooks receive, kept on the same terms (decision 036). */
  webhookCache: WebhookCache;
  /** The respondent page's replies, kept on the same terms (decision 048). */
  respondentCache: RespondentCache;
  /** The one connection that hears the caches' notifications (closed with the runtime). */
  changeNotifications: ChangeNotifications;
  /** The provider workspace, chosen by configuration or the CLI and read at start. */
  providerWorkspaceId: string | undefined;
  /**
   * Set when the process was told to stop: readiness answers 503 while requests drain, and the
   * stop waits for the handlers still running before it closes the database.
   */
  lifecycle: { isDraining: boolean; handlers: HandlersInFlight };
}

/**
 * A getter of one `T` per application context, made on first use: state a module keeps for the
 * process (a batcher, a counter) without a global, so each test app gets its own.
 */
export function perContext<T>(create: (ctx: AppContext) => T): (ctx: AppContext) => T {
  return oncePer(create);
}
