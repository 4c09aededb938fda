import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The processes that run jobs, each seen every few seconds while its workers poll
 * (docs/decisions/040-health-and-draining.md): `/api/health` reports the queue as having no
 * worker when none was seen recently. Times are the database's clock, so hosts need not agree.
 */
export const jobWorkerHeartbeats = pgTable('job_worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
