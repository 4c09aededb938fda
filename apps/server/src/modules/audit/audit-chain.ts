import { createHash } from 'node:crypto';

// The hash chain of the audit log (docs/decisions/017-audit-log.md): each row's hash is
// sha256(prev_hash + canonical JSON of its content), so changing, removing or reordering a row
// breaks every hash after it.

/** The `prev_hash` of a chain's first row. */
export const genesisHash = '0'.repeat(64);

/** What a row's hash covers: everything but its id and the hashes themselves. */
export interface AuditContent {
  chainKey: string;
  sequence: number;
  workspaceId: string | null;
  occurredAt: Date;
  actorKind: string;
  actorAccountId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  address: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
}

/** JSON with object keys sorted at every level, so the same content always has the same text. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}

/** Details as jsonb gives them back: dates as ISO text, no `undefined`. */
export function storableDetails(details: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
}

export function hashAuditRow(prevHash: string, content: AuditContent): string {
  const text = canonicalJson({ ...content, occurredAt: content.occurredAt.toISOString() });
  return createHash('sha256').update(prevHash).update(text).digest('hex');
}
