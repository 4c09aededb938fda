import type { SurveyResponses } from '@graphium/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  listItems,
  listProperties,
  lists,
  logos,
  surveys,
  templates,
  templateVersions,
  workspaces,
} from '../../db/schema.js';
import { addSentSurveys } from '../responses/response-stats.repository.js';

export type SurveyRow = typeof surveys.$inferSelect;
export type NewSurveyRow = typeof surveys.$inferInsert;

export async function findWorkspaceName(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name ?? '';
}

export interface ListItemsOfList {
  listId: string;
  properties: { name: string; isDefaultLabel: boolean }[];
  items: { id: string; properties: Record<string, string | number | boolean | null> }[];
}

/** The active (not archived) items of the workspace's lists among `listIds`, with their properties. */
export function findActiveListItems(
  db: Executor,
  workspaceId: string,
  listIds: string[],
): Promise<ListItemsOfList[]> {
  return findListItems(db, workspaceId, listIds, { includeArchived: false });
}

/**
 * The items of the workspace's lists among `listIds`, with their properties; archived ones only
 * when asked (old answers in reports and exports still name them).
 */
export async function findListItems(
  db: Executor,
  workspaceId: string,
  listIds: string[],
  options: { includeArchived: boolean },
): Promise<ListItemsOfList[]> {
  if (listIds.length === 0) return [];
  const owned = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.workspaceId, workspaceId), inArray(lists.id, listIds)));
  const ids = owned.map((row) => row.id);
  if (ids.length === 0) return [];
  const [propertyRows, itemRows] = await Promise.all([
    db
      .select({
        listId: listProperties.listId,
        name: listProperties.name,
        isDefaultLabel: listProperties.isDefaultLabel,
      })
      .from(listProperties)
      .where(inArray(listProperties.listId, ids))
      .orderBy(listProperties.position, listProperties.createdAt, listProperties.id),
    db
      .select({ listId: listItems.listId, id: listItems.id, properties: listItems.properties })
      .from(listItems)
      .where(
        options.includeArchived
          ? inArray(listItems.listId, ids)
          : and(inArray(listItems.listId, ids), eq(listItems.isArchived, false)),
      )
      .orderBy(listItems.createdAt, listItems.id),
  ]);
  return ids.map((listId) => ({
    listId,
    properties: propertyRows.filter((row) => row.listId === listId),
    items: itemRows.filter((row) => row.listId === listId),
  }));
}

/** Inserts sent surveys and counts them in their templates' sent totals (issue 6), in one transaction. */
export async function insertSurveys(db: Executor, rows: NewSurveyRow[]): Promise<SurveyRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(surveys).values(rows).returning();
  await addSentSurveys(db, inserted);
  return inserted;
}

/** A survey of the workspace (staff access). */
export async function findWorkspaceSurvey(
  db: Executor,
  workspaceId: string,
  surveyId: string,
): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.workspaceId, workspaceId)));
  return row;
}

export type RespondentSurveyFields = Pick<
  SurveyRow,
  'id' | 'workspaceId' | 'templateVersionId' | 'state' | 'properties' | 'responses' | 'expiresAt'
>;

export interface RespondentSurveyRow {
  survey: RespondentSurveyFields;
  templateName: string;
  logoSha256: string | null;
}

function prepareFindRespondentSurvey(db: Executor) {
  return db
    .select({
      survey: {
        id: surveys.id,
        workspaceId: surveys.workspaceId,
        templateVersionId: surveys.templateVersionId,
        state: surveys.state,
        properties: surveys.properties,
        responses: surveys.responses,
        expiresAt: surveys.expiresAt,
      },
      templateName: templates.name,
      logoSha256: logos.sha256,
    })
    .from(surveys)
    .innerJoin(templates, eq(templates.id, surveys.templateId))
    .innerJoin(workspaces, eq(workspaces.id, surveys.workspaceId))
    .leftJoin(logos, eq(logos.customerId, workspaces.customerId))
    .where(eq(surveys.id, sql.placeholder('surveyId')))
    .prepare('find_respondent_survey');
}

function prepareFindSurveyForSaving(db: Executor) {
  return db
    .select(savingColumns)
    .from(surveys)
    .where(eq(surveys.id, sql.placeholder('surveyId')))
    .prepare('find_survey_for_saving');
}

function prepareMergeSurveyResponses(db: Executor) {
  return db
    .update(surveys)
    .set({
      responses: sql`(${surveys.responses} || ${sql.placeholder('set')}::jsonb) - array(select jsonb_array_elements_text(${sql.placeholder('clear')}::jsonb))`,
      state: 'IN_PROGRESS',
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(
      and(
        eq(surveys.id, sql.placeholder('surveyId')),
        ne(surveys.state, 'COMPLETE'),
        sql`${surveys.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .returning({ state: surveys.state, responses: surveys.responses })
    .prepare('merge_survey_responses');
}

/**
 * The respondent page's statements, prepared once per database (PostgreSQL then plans each once
 * per connection): they run on every page load and every answer saved.
 */
interface PreparedStatements {
  findRespondentSurvey: ReturnType<typeof prepareFindRespondentSurvey>;
  findSurveyForSaving: ReturnType<typeof prepareFindSurveyForSaving>;
  mergeSurveyResponses: ReturnType<typeof prepareMergeSurveyResponses>;
}
const preparedStatements = new WeakMap<Executor, PreparedStatements>();

function statementsOf(db: Executor): PreparedStatements {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = {
      findRespondentSurvey: prepareFindRespondentSurvey(db),
      findSurveyForSaving: prepareFindSurveyForSaving(db),
      mergeSurveyResponses: prepareMergeSurveyResponses(db),
    };
    preparedStatements.set(db, statements);
  }
  return statements;
}

/** What the respondent page needs, in one query: the survey, its template's name and the logo. */
export async function findRespondentSurvey(
  db: Executor,
  surveyId: string,
): Promise<RespondentSurveyRow | undefined> {
  const [row] = await statementsOf(db).findRespondentSurvey.execute({ surveyId });
  return row;
}

export type SurveyForSaving = Pick<
  SurveyRow,
  'id' | 'workspaceId' | 'templateVersionId' | 'state' | 'expiresAt' | 'properties'
>;

const savingColumns = {
  id: surveys.id,
  workspaceId: surveys.workspaceId,
  templateVersionId: surveys.templateVersionId,
  state: surveys.state,
  expiresAt: surveys.expiresAt,
  properties: surveys.properties,
};

/** The columns a save or an authentication needs; `forUpdate` locks the row. */
export async function findSurveyForSaving(
  db: Executor,
  surveyId: string,
  forUpdate = false,
): Promise<SurveyForSaving | undefined> {
  if (!forUpdate) {
    const [row] = await statementsOf(db).findSurveyForSaving.execute({ surveyId });
    return row;
  }
  const [row] = await db.select(savingColumns).from(surveys).where(eq(surveys.id, surveyId)).for('update');
  return row;
}

/** Records an opening (part 1 §4): first and last opening; SENT becomes OPENED. */
export async function markSurveyOpened(
  db: Executor,
  surveyId: string,
  now: Date,
): Promise<SurveyRow['state']> {
  const [row] = await db
    .update(surveys)
    .set({
      firstOpenedAt: sql`coalesce(${surveys.firstOpenedAt}, ${now.toISOString()}::timestamptz)`,
      lastOpenedAt: now,
      state: sql`case when ${surveys.state} = 'SENT' then 'OPENED' else ${surveys.state} end`,
      updatedAt: now,
      // 'opened' reminders count from the last opening (issue 7): the reminder job looks again.
      nextReminderAt: now,
    })
    .where(eq(surveys.id, surveyId))
    .returning({ state: surveys.state });
  return row!.state;
}

/**
 * Merges answers into the stored ones in one statement, so concurrent saves never lose one
 * another's answers: PostgreSQL re-reads the row under its lock before applying `||`. Answers
 * nothing when the survey was completed or expired in the meantime.
 */
export async function mergeSurveyResponses(
  db: Executor,
  surveyId: string,
  changes: { set: SurveyResponses; clear: string[] },
  now: Date,
): Promise<{ state: SurveyRow['state']; responses: SurveyResponses } | undefined> {
  const [row] = await statementsOf(db).mergeSurveyResponses.execute({
    surveyId,
    set: JSON.stringify(changes.set),
    clear: JSON.stringify(changes.clear),
    now: now.toISOString(),
  });
  return row;
}

/** Reads the stored answers of a row the caller has locked. */
export async function findSurveyResponses(db: Executor, surveyId: string): Promise<SurveyResponses> {
  const [row] = await db
    .select({ responses: surveys.responses })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  return row?.responses ?? {};
}

export async function completeSurvey(
  db: Executor,
  surveyId: string,
  responses: SurveyResponses,
  now: Date,
): Promise<void> {
  await db
    .update(surveys)
    .set({ responses, state: 'COMPLETE', completedAt: now, updatedAt: now })
    .where(eq(surveys.id, surveyId));
}

export interface AuthenticationState {
  authFailures: number;
  authLockedUntil: Date | null;
}

/** Locks the survey for an authentication attempt: attempts on one survey run one at a time. */
export async function lockAuthenticationState(
  db: Executor,
  surveyId: string,
): Promise<(SurveyForSaving & AuthenticationState) | undefined> {
  const [row] = await db
    .select({
      ...savingColumns,
      authFailures: surveys.authFailures,
      authLockedUntil: surveys.authLockedUntil,
    })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .for('update');
  return row;
}

export async function updateAuthenticationState(
  db: Executor,
  surveyId: string,
  state: AuthenticationState,
): Promise<void> {
  await db.update(surveys).set(state).where(eq(surveys.id, surveyId));
}

/** A version's stored definition and state. */
export async function findVersionDefinition(
  db: Executor,
  versionId: string,
): Promise<{ definition: unknown; state: string } | undefined> {
  const [row] = await db
    .select({ definition: templateVersions.definition, state: templateVersions.state })
    .from(templateVersions)
    .where(eq(templateVersions.id, versionId));
  return row;
}
