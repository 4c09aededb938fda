import type { SurveyResponses } from '@graphium/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import { surveys } from '../../db/schema/index.js';
import { idsPerAnnouncement, respondentCacheChannel } from './respondent-cache.js';
import type { SurveyRow } from './surveys.repository.js';

// A respondent's saves (docs/decisions/048-respondent-cache.md): one merge rule, run for one save
// (the embedded database's way, and saves along survey logic) or for a batch (PostgreSQL's way).

/** Where a save's values come from: one save's placeholders, or the rows of a batch (`v`). */
interface SaveValues {
  surveyId: SQL;
  set: SQL;
  clear: SQL;
  language: SQL;
  now: SQL;
}

const placeholderValues: SaveValues = {
  surveyId: sql`${sql.placeholder('surveyId')}::uuid`,
  set: sql`${sql.placeholder('set')}::jsonb`,
  clear: sql`${sql.placeholder('clear')}::jsonb`,
  language: sql`${sql.placeholder('language')}::text`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
};

/** The columns of a batch's rows: `jsonb_to_recordset(…) as v(id, set, clear, language, now)`. */
const batchValues: SaveValues = {
  surveyId: sql.raw('v.id'),
  set: sql.raw('v.set'),
  clear: sql.raw('v.clear'),
  language: sql.raw('v.language'),
  now: sql.raw('v.now'),
};

/** The answers merged into the stored ones (`set` added, `clear` removed), the language kept if none. */
function mergedAnswers(values: SaveValues) {
  return {
    responses: sql`(${surveys.responses} || ${values.set}) - array(select jsonb_array_elements_text(${values.clear}))`,
    state: 'IN_PROGRESS' as const,
    language: sql`coalesce(${values.language}, ${surveys.language})`,
    updatedAt: values.now,
    // Announced by the saving process once committed, not by the trigger (decision 048).
    respondentRevision: sql`${surveys.respondentRevision} + 1`,
  };
}

/** The survey a save names, while it may still be answered (not completed, not expired). */
function openSurveyConditions(values: SaveValues) {
  return [
    eq(surveys.id, values.surveyId),
    ne(surveys.state, 'COMPLETE'),
    sql`${surveys.expiresAt} > ${values.now}`,
  ];
}

function prepareMergeSurveyResponses(db: Executor) {
  return db
    .update(surveys)
    .set(mergedAnswers(placeholderValues))
    .where(and(...openSurveyConditions(placeholderValues)))
    .returning({ state: surveys.state, responses: surveys.responses })
    .prepare('merge_survey_responses');
}

/**
 * The batch's statement, prepared: PostgreSQL planned it on every batch (1.5 ms, more than the 45
 * rows' update took) until it was. `saved` is the update, `announced` its notifications.
 */
function prepareMergeManySurveyResponses(db: Executor) {
  const merge = db
    .update(surveys)
    .set(mergedAnswers(batchValues))
    .from(
      sql`jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        as v(id uuid, set jsonb, clear jsonb, language text, now timestamptz)`,
    )
    .where(and(...openSurveyConditions(batchValues)))
    .returning({ id: surveys.id, state: surveys.state, responses: surveys.responses });
  const saved = db
    .$with('saved', {
      id: sql<string>`id`.as('id'),
      state: sql<SurveyRow['state']>`state`.as('state'),
      responses: sql<SurveyResponses>`responses`.as('responses'),
    })
    .as(merge.getSQL());
  const announced = db.$with('announced', { sent: sql`sent`.as('sent') }).as(
    sql`select pg_notify(${sql.raw(`'${respondentCacheChannel}'`)}, 's:' || string_agg(id::text, ',')) as sent
      from (select id, (row_number() over () - 1) / ${sql.raw(String(idsPerAnnouncement))} as part from saved) as numbered
      group by part`,
  );
  return db
    .with(saved, announced)
    .select({
      id: saved.id,
      state: saved.state,
      responses: saved.responses,
      // Read, so that the notifications are sent (a CTE nobody reads is not run).
      announcements: sql<number>`(select count(*) from announced)`,
    })
    .from(saved)
    .prepare('merge_many_survey_responses');
}

function prepareFindSurveyAnswers(db: Executor) {
  return db
    .select({ state: surveys.state, expiresAt: surveys.expiresAt, responses: surveys.responses })
    .from(surveys)
    .where(eq(surveys.id, sql.placeholder('surveyId')))
    .prepare('find_survey_answers');
}

/** The merge of a respondent's save (`mergedAnswers`), only while the stored answers are still `expected`. */
function prepareMergeIfUnchanged(db: Executor) {
  return db
    .update(surveys)
    .set(mergedAnswers(placeholderValues))
    .where(
      and(
        ...openSurveyConditions(placeholderValues),
        sql`${surveys.responses} = ${sql.placeholder('expected')}::jsonb`,
      ),
    )
    .returning({ state: surveys.state, responses: surveys.responses })
    .prepare('merge_survey_responses_if_unchanged');
}

/** The saves' statements. */
const statementsOf = preparedPerDatabase((db) => ({
  mergeSurveyResponses: prepareMergeSurveyResponses(db),
  mergeManySurveyResponses: prepareMergeManySurveyResponses(db),
  findSurveyAnswers: prepareFindSurveyAnswers(db),
  mergeIfUnchanged: prepareMergeIfUnchanged(db),
}));

/**
 * Merges one save's answers into the stored ones in one prepared statement (the embedded database's
 * way; on PostgreSQL saves go in batches, respondent-save-batch.ts). Answers nothing when the
 * survey was completed or expired in the meantime.
 */
export async function mergeSurveyResponses(
  db: Executor,
  surveyId: string,
  changes: { set: SurveyResponses; clear: string[]; language: string | null },
  now: Date,
): Promise<{ state: SurveyRow['state']; responses: SurveyResponses } | undefined> {
  const [row] = await statementsOf(db).mergeSurveyResponses.execute({
    surveyId,
    set: JSON.stringify(changes.set),
    clear: JSON.stringify(changes.clear),
    language: changes.language,
    now: now.toISOString(),
  });
  return row;
}

/** One save of a batch: the values of `mergeSurveyResponses`, naming its survey. */
export interface BatchedSave {
  id: string;
  set: SurveyResponses;
  clear: string[];
  language: string | null;
  now: string;
}

/**
 * Merges many saves in one statement (PostgreSQL's way, respondent-save-batch.ts; no survey twice)
 * and announces them to every process's respondent cache in it (decision 048): the notifications
 * leave with the commit, so no save is ever committed unannounced, and a batch costs one commit.
 * Answers the surveys still open, with their state and merged answers.
 */
export async function mergeManySurveyResponses(
  db: Executor,
  saves: BatchedSave[],
): Promise<{ id: string; state: SurveyRow['state']; responses: SurveyResponses }[]> {
  return statementsOf(db).mergeManySurveyResponses.execute({ rows: JSON.stringify(saves) });
}

/** A survey's state, expiry and stored answers, for a save along the survey's logic (decision 023). */
export async function findSurveyAnswers(
  db: Executor,
  surveyId: string,
): Promise<Pick<SurveyRow, 'state' | 'expiresAt' | 'responses'> | undefined> {
  const [row] = await statementsOf(db).findSurveyAnswers.execute({ surveyId });
  return row;
}

/**
 * Merges answers like a respondent's save (respondent-save-batch.ts), only if the stored answers are still `expected`
 * (the ones the path was judged on); answers nothing otherwise, and the caller reads again.
 */
export async function mergeSurveyResponsesIfUnchanged(
  db: Executor,
  surveyId: string,
  changes: { set: SurveyResponses; clear: string[]; language: string | null },
  expected: SurveyResponses,
  now: Date,
): Promise<{ state: SurveyRow['state']; responses: SurveyResponses } | undefined> {
  const [row] = await statementsOf(db).mergeIfUnchanged.execute({
    surveyId,
    set: JSON.stringify(changes.set),
    clear: JSON.stringify(changes.clear),
    language: changes.language,
    expected: JSON.stringify(expected),
    now: now.toISOString(),
  });
  return row;
}
