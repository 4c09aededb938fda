import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

export async function findDeletableTemplate(db: Executor, workspaceId: string, templateId: string) {
  const [row] = await rowsOf<{ name: string; kind: string }>(
    db,
    sql`select name, kind from templates where id = ${templateId}::uuid and workspace_id = ${workspaceId}::uuid`,
  );
  return row;
}

/** Locks the template against new versions and sends while it goes; false when it is gone. */
export async function lockTemplate(db: Executor, workspaceId: string, templateId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from templates where id = ${templateId}::uuid and workspace_id = ${workspaceId}::uuid for update`,
  );
  return rows.length > 0;
}

export async function findTemplateSurveyIds(
  db: Executor,
  workspaceId: string,
  templateId: string,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from surveys where workspace_id = ${workspaceId}::uuid and template_id = ${templateId}::uuid
      limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * What is left of a template once its surveys are removed: links, recurring sends, digests, alert
 * firings and cases, its (now empty) aggregate rows, its versions, and the template. Answers how
 * many versions went.
 */
export async function deleteTemplateRows(
  db: Executor,
  workspaceId: string,
  templateId: string,
): Promise<number> {
  const ofTemplate = sql`template_id = ${templateId}::uuid and workspace_id = ${workspaceId}::uuid`;
  await db.execute(sql`delete from public_links where ${ofTemplate}`);
  await db.execute(sql`delete from recurring_sends where ${ofTemplate}`);
  await db.execute(sql`delete from report_subscriptions where ${ofTemplate}`);
  await db.execute(sql`delete from case_events where case_id in (select id from cases where ${ofTemplate})`);
  await db.execute(sql`delete from cases where ${ofTemplate}`);
  await db.execute(sql`delete from survey_alerts where ${ofTemplate}`);
  for (const table of [
    'response_template_stats',
    'response_question_stats',
    'response_answer_stats',
    'response_weekly_stats',
    'response_daily_stats',
    'response_segment_stats',
    'text_term_stats',
    'text_sentiment_stats',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where ${ofTemplate}`);
  }
  await db.execute(sql`delete from reminder_settings_sync where template_version_id in
    (select id from template_versions where template_id = ${templateId}::uuid)`);
  const versions = await rowsOf<{ id: string }>(
    db,
    sql`delete from template_versions where template_id = ${templateId}::uuid returning id`,
  );
  await db.execute(
    sql`delete from templates where id = ${templateId}::uuid and workspace_id = ${workspaceId}::uuid`,
  );
  return versions.length;
}
