import type { SurveyResponses } from '@graphium/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import { logos, surveys, templates, templateVersions, workspaces } from '../../db/schema/index.js';

export type SurveyRow = typeof surveys.$inferSelect;
export type NewSurveyRow = typeof surveys.$inferInsert;

export async function insertSurveys(db: Executor, rows: NewSurveyRow[]): Promise<SurveyRow[]> {
  if (rows.length === 0) return [];
  return db.insert(surveys).values(rows).returning();
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

type RespondentSurveyFields = Pick<
  SurveyRow,
  | 'id'
  | 'workspaceId'
  | 'templateId'
  | 'templateVersionId'
  | 'state'
  | 'properties'
  | 'responses'
  | 'expiresAt'
>;

export interface RespondentSurveyRow {
  survey: RespondentSurveyFields;
  templateName: string;
  logoSha256: string | null;
  /** The version's settings ask for a computed time on the welcome page. */
  showEstimatedTime: boolean;
}

function prepareFindRespondentSurvey(db: Executor) {
  return (
    db
      .select({
        survey: {
          id: surveys.id,
          workspaceId: surveys.workspaceId,
          templateId: surveys.templateId,
          templateVersionId: surveys.templateVersionId,
          state: surveys.state,
          properties: surveys.properties,
          responses: surveys.responses,
          expiresAt: surveys.expiresAt,
        },
        templateName: templates.name,
        logoSha256: logos.sha256,
        showEstimatedTime: sql<boolean>`coalesce((${templateVersions.settings}->>'showEstimatedTime')::boolean, false)`,
      })
      .from(surveys)
      .innerJoin(templates, eq(templates.id, surveys.templateId))
      .innerJoin(templateVersions, eq(templateVersions.id, surveys.templateVersionId))
      .innerJoin(workspaces, eq(workspaces.id, surveys.workspaceId))
      .leftJoin(logos, eq(logos.customerId, workspaces.customerId))
      // A workspace waiting to be deleted answers nobody (decision 044): its surveys look gone.
      .where(and(eq(surveys.id, sql.placeholder('surveyId')), isNull(workspaces.deletionDueAt)))
      .prepare('find_respondent_survey')
  );
}

function prepareFindSurveyForSaving(db: Executor) {
  return db
    .select(savingColumns)
    .from(surveys)
    .innerJoin(workspaces, eq(workspaces.id, surveys.workspaceId))
    .where(and(eq(surveys.id, sql.placeholder('surveyId')), isNull(workspaces.deletionDueAt)))
    .prepare('find_survey_for_saving');
}

/** The respondent page's reads: they run on every page load and every answer saved. */
const statementsOf = preparedPerDatabase((db) => ({
  findRespondentSurvey: prepareFindRespondentSurvey(db),
  findSurveyForSaving: prepareFindSurveyForSaving(db),
}));

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

/** The columns a save or an authentication needs. */
export async function findSurveyForSaving(
  db: Executor,
  surveyId: string,
): Promise<SurveyForSaving | undefined> {
  const [row] = await statementsOf(db).findSurveyForSaving.execute({ surveyId });
  return row;
}

/**
 * Records an opening (docs/product-rules.md#sending-surveys): first and last opening; SENT becomes OPENED.
 */
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
      // 'opened' reminders count from the last opening (decision 008): the reminder job looks again.
      nextReminderAt: now,
    })
    .where(eq(surveys.id, surveyId))
    .returning({ state: surveys.state });
  return row!.state;
}

/**
 * `markSurveyOpened` inside a transaction, telling whether this was the survey's first opening
 * (the row is locked first, so of two first openings at once only one is).
 */
export async function markSurveyOpenedFirst(
  tx: Executor,
  surveyId: string,
  now: Date,
): Promise<{ state: SurveyRow['state']; isFirstOpen: boolean }> {
  const [before] = await tx
    .select({ firstOpenedAt: surveys.firstOpenedAt })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .for('update');
  const state = await markSurveyOpened(tx, surveyId, now);
  return { state, isFirstOpen: before !== undefined && before.firstOpenedAt === null };
}

/** Locks the survey for a save that reads its stored answers (completion, survey logic). */
export async function lockSurveyForSaving(
  db: Executor,
  surveyId: string,
): Promise<(SurveyForSaving & { responses: SurveyResponses }) | undefined> {
  const [row] = await db
    .select({ ...savingColumns, responses: surveys.responses })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .for('update');
  return row;
}

export async function completeSurvey(
  db: Executor,
  surveyId: string,
  responses: SurveyResponses,
  now: Date,
  language: string | null,
): Promise<void> {
  await db
    .update(surveys)
    .set({
      responses,
      state: 'COMPLETE',
      completedAt: now,
      updatedAt: now,
      ...(language ? { language } : {}),
    })
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

/**
 * The workspaces that sent a survey to one of these phone numbers (digits, as contact methods
 * store them), with the form each stored. A jsonb containment per number: it needs no index to be
 * correct, and a GIN index on `contact_methods` would serve it as is.
 */
export async function findWorkspacesThatTexted(
  db: Executor,
  phoneNumbers: string[],
): Promise<{ workspaceId: string; phoneNumber: string }[]> {
  const found: { workspaceId: string; phoneNumber: string }[] = [];
  for (const phoneNumber of phoneNumbers) {
    const method = JSON.stringify([{ contactMethodType: 'phone', phoneNumber }]);
    const rows = await db
      .select({ workspaceId: surveys.workspaceId })
      .from(surveys)
      .where(sql`${surveys.contactMethods} @> ${method}::jsonb`)
      .groupBy(surveys.workspaceId);
    found.push(...rows.map((row) => ({ workspaceId: row.workspaceId, phoneNumber })));
  }
  return found;
}
