import { Readable } from 'node:stream';
import { type AuditEventsQuery, neutralizeSpreadsheetCell } from '@graphium/shared';
import { stringify } from 'csv-stringify';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { findAuditEventsBatch } from './audit.repository.js';
import { auditFilterOf, recordAudit, toAuditEvent } from './audit.service.js';

const exportBatchSize = 500;

const header = [
  'When (UTC)',
  'Who',
  'Actor type',
  'Address',
  'Action',
  'Target type',
  'Target',
  'Target id',
  'Details',
];

/**
 * `GET /audit-events/export.csv`: the filtered log, newest first, streamed batch by batch. Text
 * is neutralised against formula injection as in the responses export. The export is itself
 * recorded.
 */
export async function exportAuditEvents(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: Omit<AuditEventsQuery, 'page' | 'limit'>,
): Promise<{ filename: string; stream: Readable }> {
  const filter = auditFilterOf(actor.workspaceId, query);
  await ctx.db.transaction((tx) =>
    recordAudit(
      ctx,
      tx,
      actor,
      'audit.exported',
      { type: 'audit-log', label: 'Audit log' },
      { filters: query },
    ),
  );
  async function* rows() {
    let after: { occurredAt: Date; sequence: number } | undefined;
    for (;;) {
      const batch = await findAuditEventsBatch(ctx.db, filter, after, exportBatchSize);
      for (const row of batch) {
        const event = toAuditEvent(row);
        yield [
          event.occurredAt,
          event.actor.label,
          event.actor.kind,
          event.address ?? '',
          event.action,
          event.target.type,
          event.target.label ?? '',
          event.target.id ?? '',
          JSON.stringify(event.details),
        ];
      }
      if (batch.length < exportBatchSize) return;
      const last = batch.at(-1)!;
      after = { occurredAt: last.occurredAt, sequence: last.sequence };
    }
  }
  const csv = stringify({ bom: true, cast: { string: (value) => neutralizeSpreadsheetCell(value) } });
  csv.write(header);
  const source = Readable.from(rows());
  source.on('error', (error) => {
    ctx.log.error({ err: error }, 'an audit log export failed midway');
    csv.destroy(error);
  });
  source.pipe(csv);
  return { filename: `audit-log-${ctx.now().toISOString().slice(0, 10)}.csv`, stream: csv };
}
