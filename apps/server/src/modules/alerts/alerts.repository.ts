import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  notificationSettings,
  surveyAlerts,
  surveys,
  templates,
  templateVersions,
  workspaces,
} from '../../db/schema/index.js';

export type SurveyAlertRow = typeof surveyAlerts.$inferSelect;

export interface SurveyForAlerts {
  id: string;
  workspaceId: string;
  templateId: string;
  templateVersionId: string;
  contactMethods: (typeof surveys.$inferSelect)['contactMethods'];
  /** The survey's property values, which property conditions show (decision 035). */
  properties: unknown;
  /** The language the respondent answered in (decision 025); sentiment conditions read it. */
  language: string | null;
  settings: unknown;
  templateName: string;
  workspaceName: string;
  slackWebhookUrl: string | null;
}

/** What firing a survey's alerts needs, in one query: the version's settings as they are now. */
export async function findSurveyForAlerts(
  db: Executor,
  surveyId: string,
): Promise<SurveyForAlerts | undefined> {
  const [row] = await db
    .select({
      id: surveys.id,
      workspaceId: surveys.workspaceId,
      templateId: surveys.templateId,
      templateVersionId: surveys.templateVersionId,
      contactMethods: surveys.contactMethods,
      properties: surveys.properties,
      language: surveys.language,
      settings: templateVersions.settings,
      templateName: templates.name,
      workspaceName: workspaces.name,
      slackWebhookUrl: notificationSettings.slackWebhookUrl,
    })
    .from(surveys)
    .innerJoin(templateVersions, eq(templateVersions.id, surveys.templateVersionId))
    .innerJoin(templates, eq(templates.id, surveys.templateId))
    .innerJoin(workspaces, eq(workspaces.id, surveys.workspaceId))
    .leftJoin(notificationSettings, eq(notificationSettings.workspaceId, surveys.workspaceId))
    .where(eq(surveys.id, surveyId));
  return row;
}

/** Records a firing; answers nothing when this alert already fired for this survey. */
export async function insertSurveyAlert(
  db: Executor,
  row: typeof surveyAlerts.$inferInsert,
): Promise<SurveyAlertRow | undefined> {
  const [inserted] = await db.insert(surveyAlerts).values(row).onConflictDoNothing().returning();
  return inserted;
}

export interface SurveyAlertListRow {
  alert: SurveyAlertRow;
  templateName: string;
  templateDescription: string;
  settings: unknown;
  /** The version's properties (for the respondent's name), the survey's values and contacts. */
  definitionProperties: unknown;
  surveyProperties: unknown;
  contactMethods: (typeof surveys.$inferSelect)['contactMethods'];
}

const listColumns = {
  alert: surveyAlerts,
  templateName: templates.name,
  templateDescription: templates.description,
  settings: templateVersions.settings,
  definitionProperties: sql<unknown>`${templateVersions.definition}->'properties'`,
  surveyProperties: surveys.properties,
  contactMethods: surveys.contactMethods,
};

/** The workspace's survey alerts, newest first (at most `limit`). */
export async function findSurveyAlerts(
  db: Executor,
  workspaceId: string,
  limit: number,
): Promise<SurveyAlertListRow[]> {
  return db
    .select(listColumns)
    .from(surveyAlerts)
    .innerJoin(templates, eq(templates.id, surveyAlerts.templateId))
    .innerJoin(templateVersions, eq(templateVersions.id, surveyAlerts.templateVersionId))
    .innerJoin(surveys, eq(surveys.id, surveyAlerts.surveyId))
    .where(eq(surveyAlerts.workspaceId, workspaceId))
    .orderBy(desc(surveyAlerts.createdAt), desc(surveyAlerts.id))
    .limit(limit);
}

export async function findSurveyAlert(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<SurveyAlertListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(surveyAlerts)
    .innerJoin(templates, eq(templates.id, surveyAlerts.templateId))
    .innerJoin(templateVersions, eq(templateVersions.id, surveyAlerts.templateVersionId))
    .innerJoin(surveys, eq(surveys.id, surveyAlerts.surveyId))
    .where(and(eq(surveyAlerts.id, id), eq(surveyAlerts.workspaceId, workspaceId)));
  return row;
}

/** The names of these survey alerts of the workspace, by id. */
export async function findSurveyAlertNames(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: surveyAlerts.id, name: surveyAlerts.alertName })
    .from(surveyAlerts)
    .where(and(eq(surveyAlerts.workspaceId, workspaceId), inArray(surveyAlerts.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function updateSurveyAlertStatus(
  db: Executor,
  workspaceId: string,
  id: string,
  isActive: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(surveyAlerts)
    .set({ isActive, updatedAt: sql`${now.toISOString()}::timestamptz` })
    .where(and(eq(surveyAlerts.id, id), eq(surveyAlerts.workspaceId, workspaceId)))
    .returning({ id: surveyAlerts.id });
  return rows.length > 0;
}
