import type { Executor } from '../../db/client.js';
import {
  type AuditChainRow,
  findAuditChains,
  findChainKeysOfEvents,
  findChainRows,
} from './audit.repository.js';
import { hashAuditRow } from './audit-chain.js';

// `npm run cli -- audit verify` (docs/decisions/017-audit-log.md): walks every chain from its
// checkpoint (the last row the retention purge removed) to its head.

export type AuditVerification =
  | { ok: true; count: number }
  | {
      ok: false;
      count: number;
      chainKey: string;
      sequence: number;
      auditEventId: string | null;
      problem: string;
    };

const batchSize = 500;

type Break = Omit<Extract<AuditVerification, { ok: false }>, 'ok' | 'count'>;

async function verifyChain(db: Executor, chain: AuditChainRow): Promise<{ count: number; broken?: Break }> {
  let expectedSequence = chain.checkpointSequence + 1;
  let expectedPrev = chain.checkpointHash;
  let count = 0;
  const broken = (sequence: number, auditEventId: string | null, problem: string) => ({
    count,
    broken: { chainKey: chain.chainKey, sequence, auditEventId, problem },
  });
  for (;;) {
    const rows = await findChainRows(db, chain.chainKey, expectedSequence - 1, batchSize);
    for (const row of rows) {
      if (row.sequence !== expectedSequence) {
        return broken(
          expectedSequence,
          null,
          `row ${expectedSequence} is missing (next found: ${row.sequence})`,
        );
      }
      if (row.prevHash !== expectedPrev) {
        return broken(row.sequence, row.id, 'its previous hash does not match the row before it');
      }
      const { id: _id, prevHash, hash, ...content } = row;
      if (hashAuditRow(prevHash, content) !== hash) {
        return broken(row.sequence, row.id, 'its content does not match its hash (the row was altered)');
      }
      expectedPrev = hash;
      expectedSequence += 1;
      count += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (expectedSequence - 1 !== chain.headSequence || expectedPrev !== chain.headHash) {
    return broken(
      expectedSequence,
      null,
      `the chain ends at row ${expectedSequence - 1}, its head at ${chain.headSequence}`,
    );
  }
  return { count };
}

export async function verifyAuditLog(db: Executor): Promise<AuditVerification> {
  const chains = await findAuditChains(db);
  const known = new Set(chains.map((chain) => chain.chainKey));
  let count = 0;
  for (const chainKey of await findChainKeysOfEvents(db)) {
    if (!known.has(chainKey)) {
      return {
        ok: false,
        count,
        chainKey,
        sequence: 0,
        auditEventId: null,
        problem: 'rows without a chain head',
      };
    }
  }
  for (const chain of chains) {
    const result = await verifyChain(db, chain);
    count += result.count;
    if (result.broken) return { ok: false, count, ...result.broken };
  }
  return { ok: true, count };
}
