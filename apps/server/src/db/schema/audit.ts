import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/decisions/017-audit-log.md): append-only, one hash chain per workspace
 * (`chain_key` is the workspace id, or `none` for events of no workspace). A trigger refuses
 * UPDATE and DELETE except the retention purge. No foreign keys: a row outlives what it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainKey: text('chain_key').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    workspaceId: uuid('workspace_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind', { enum: ['member', 'api-key', 'anonymous', 'system'] }).notNull(),
    actorAccountId: uuid('actor_account_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    /** The member's e-mail address or the key's name, as they were. */
    actorLabel: text('actor_label').notNull(),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_events_chain_sequence_idx').on(table.chainKey, table.sequence),
    index('audit_events_workspace_occurred_idx').on(table.workspaceId, table.occurredAt),
  ],
);

/**
 * The head of each chain (locked FOR UPDATE to append, so concurrent writers never fork it) and
 * the checkpoint the retention purge leaves: the hash and sequence of the last row it removed.
 */
export const auditChains = pgTable('audit_chains', {
  chainKey: text('chain_key').primaryKey(),
  headSequence: bigint('head_sequence', { mode: 'number' }).notNull(),
  headHash: text('head_hash').notNull(),
  checkpointSequence: bigint('checkpoint_sequence', { mode: 'number' }).notNull(),
  checkpointHash: text('checkpoint_hash').notNull(),
});
