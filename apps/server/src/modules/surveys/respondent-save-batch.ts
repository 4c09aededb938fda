import type { SurveyResponses, SurveyState } from '@graphium/shared';
import { type AppContext, perContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { Batcher } from '../../db/write-batcher.js';
import { mergeManySurveyResponses, mergeSurveyResponses } from './respondent-saves.repository.js';

/**
 * The respondent's saves, grouped (docs/decisions/048-respondent-cache.md): saves that arrive while
 * one statement runs go together in the next, one `UPDATE … FROM` and so one commit for all of
 * them, so a busy server commits once per batch rather than once per save. Each save is
 * acknowledged only after the statement holding it has committed. Concurrent saves of one survey
 * never lose one another's answers: PostgreSQL re-reads the row under its lock before applying
 * `||`. A survey saved twice in one batch goes in two statements, in the order the saves arrived.
 */
export interface AnswerChanges {
  surveyId: string;
  /** Answers to set (merged into the stored ones). */
  set: SurveyResponses;
  /** Question ids whose answers are cleared. */
  clear: string[];
  language: string | null;
  now: Date;
}

export type SavedAnswers = { state: SurveyState; responses: SurveyResponses } | undefined;

async function mergeMany(db: Executor, changes: AnswerChanges[]): Promise<SavedAnswers[]> {
  const rows = await mergeManySurveyResponses(
    db,
    changes.map((change) => ({
      id: change.surveyId,
      set: change.set,
      clear: change.clear,
      language: change.language,
      now: change.now.toISOString(),
    })),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return changes.map((change) => {
    const row = byId.get(change.surveyId);
    return row && { state: row.state, responses: row.responses };
  });
}

/** Splits a batch so that no statement holds one survey twice (an `UPDATE … FROM` would apply one). */
async function mergeInRounds(db: Executor, changes: AnswerChanges[]): Promise<SavedAnswers[]> {
  const results: SavedAnswers[] = new Array(changes.length);
  let remaining = changes.map((change, index) => ({ change, index }));
  while (remaining.length > 0) {
    const seen = new Set<string>();
    const round: typeof remaining = [];
    const later: typeof remaining = [];
    for (const entry of remaining) {
      if (seen.has(entry.change.surveyId)) later.push(entry);
      else {
        seen.add(entry.change.surveyId);
        round.push(entry);
      }
    }
    const saved = await mergeMany(
      db,
      round.map((entry) => entry.change),
    );
    for (const [position, entry] of round.entries()) results[entry.index] = saved[position];
    remaining = later;
  }
  return results;
}

const batcherOf = perContext(
  (ctx: AppContext) =>
    new Batcher((changes: AnswerChanges[]) => mergeInRounds(ctx.db, changes), { maxInFlight: 1 }),
);

/**
 * Merges a respondent's answers into the stored ones (null answers cleared) while the survey is
 * open, and announces the save to the other processes' respondent caches (on PostgreSQL in the
 * batch's statement; the embedded database has no other process); answers the survey's state and
 * merged answers once committed, or `undefined` when the survey is unknown, complete or expired.
 */
export function saveAnswers(ctx: AppContext, changes: AnswerChanges): Promise<SavedAnswers> {
  // The embedded database runs one statement at a time in this process: a prepared single save
  // beats a batch it would plan each time (decision 048).
  if (ctx.database.kind === 'pglite') {
    const { surveyId, now, ...answers } = changes;
    return mergeSurveyResponses(ctx.db, surveyId, answers, now);
  }
  return batcherOf(ctx).add(changes);
}
