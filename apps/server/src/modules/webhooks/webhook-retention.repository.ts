import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

// The retention purge's statements (docs/decisions/047-connect-gaps.md): each deletes at most
// `limit` rows, so a large backlog is worked through in short transactions.

async function deletedCount(db: Executor, statement: SQL): Promise<number> {
  return (await rowsOf(db, statement)).length;
}

/** Deliveries done (delivered or failed) of events before `before`; their attempts go with them. */
export function deleteDoneDeliveriesBefore(db: Executor, before: Date, limit: number): Promise<number> {
  return deletedCount(
    db,
    sql`delete from webhook_deliveries where id in (
      select d.id from webhook_events e join webhook_deliveries d on d.event_id = e.id
      where e.occurred_at < ${before.toISOString()}::timestamptz and d.status in ('delivered', 'failed')
      limit ${limit})
    returning id`,
  );
}

/** Events that occurred before `before` and have no delivery left. */
export function deleteEventsWithoutDeliveriesBefore(
  db: Executor,
  before: Date,
  limit: number,
): Promise<number> {
  return deletedCount(
    db,
    sql`delete from webhook_events where id in (
      select e.id from webhook_events e
      where e.occurred_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
      limit ${limit})
    returning id`,
  );
}
