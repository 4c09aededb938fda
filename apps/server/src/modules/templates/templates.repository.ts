import type { TemplateKind } from '@graphium/shared';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { surveys, templates, templateVersions } from '../../db/schema/index.js';

export type TemplateRow = typeof templates.$inferSelect;
export type VersionRow = typeof templateVersions.$inferSelect;
export type TemplateState = VersionRow['state'];

export interface VersionWithTemplate {
  version: VersionRow;
  template: TemplateRow;
}

export async function insertTemplate(
  db: Executor,
  values: Pick<TemplateRow, 'workspaceId' | 'kind' | 'name' | 'description'>,
): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Executor,
  templateId: string,
  changes: Partial<Pick<TemplateRow, 'name' | 'description'>>,
): Promise<void> {
  await db
    .update(templates)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(templates.id, templateId));
}

export async function insertVersion(
  db: Executor,
  values: Pick<VersionRow, 'templateId' | 'versionNumber' | 'state' | 'definition' | 'settings'> &
    Partial<Pick<VersionRow, 'baseVersionId' | 'createdByAccountId'>>,
): Promise<VersionRow> {
  const [row] = await db.insert(templateVersions).values(values).returning();
  return row!;
}

export async function updateVersion(
  db: Executor,
  versionId: string,
  changes: Partial<Pick<VersionRow, 'state' | 'definition' | 'settings'>>,
  now: Date,
): Promise<VersionRow> {
  const [row] = await db
    .update(templateVersions)
    .set({ ...changes, updatedAt: now })
    .where(eq(templateVersions.id, versionId))
    .returning();
  return row!;
}

/** One version of a template of the given kind, with its template; `forUpdate` locks the version. */
export async function findVersion(
  db: Executor,
  kind: TemplateKind,
  versionId: string,
  forUpdate = false,
): Promise<VersionWithTemplate | undefined> {
  const query = db
    .select({ version: templateVersions, template: templates })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(and(eq(templateVersions.id, versionId), eq(templates.kind, kind)));
  const [row] = forUpdate ? await query.for('update', { of: templateVersions }) : await query;
  return row;
}

export async function findTemplate(
  db: Executor,
  kind: TemplateKind,
  templateId: string,
  forUpdate = false,
): Promise<TemplateRow | undefined> {
  const query = db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.kind, kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Every version of a template, newest first (the version history). */
export async function findVersions(db: Executor, templateId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(desc(templateVersions.versionNumber));
}

export async function findPublishedVersion(
  db: Executor,
  templateId: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.state, 'PUBLISHED')));
  return row;
}

export async function nextVersionNumber(db: Executor, templateId: string): Promise<number> {
  const [row] = await db
    .select({ value: max(templateVersions.versionNumber) })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId));
  return (row?.value ?? 0) + 1;
}

export interface TemplateSummaryRow {
  template: TemplateRow;
  version: VersionRow;
}

/**
 * Templates of a workspace with one version each: the newest, or with `publishedOnly` the
 * published one (templates without one are left out).
 */
export async function findTemplateSummaries(
  db: Executor,
  kind: TemplateKind,
  options: { workspaceId?: string; publishedOnly?: boolean },
): Promise<TemplateSummaryRow[]> {
  const chosen = db
    .selectDistinctOn([templateVersions.templateId], { id: templateVersions.id })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(
      and(
        eq(templates.kind, kind),
        options.workspaceId ? eq(templates.workspaceId, options.workspaceId) : undefined,
        options.publishedOnly ? eq(templateVersions.state, 'PUBLISHED') : undefined,
      ),
    )
    .orderBy(templateVersions.templateId, desc(templateVersions.versionNumber));
  return db
    .select({ template: templates, version: templateVersions })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(inArray(templateVersions.id, chosen))
    .orderBy(desc(templateVersions.updatedAt));
}

/**
 * A page of a workspace's survey templates with their newest version, newest template first
 * (created_at, id): keyset paging after `after` (the last row's `cursorCreatedAt` and id), so
 * templates created meanwhile never shift a page. Reads `limit` rows; ask one more to know
 * whether a page follows.
 */
export async function findTemplateSummaryPage(
  db: Executor,
  kind: TemplateKind,
  workspaceId: string,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<(TemplateSummaryRow & { cursorCreatedAt: string })[]> {
  const newest = db
    .selectDistinctOn([templateVersions.templateId], { id: templateVersions.id })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(
      and(
        eq(templates.kind, kind),
        eq(templates.workspaceId, workspaceId),
        after
          ? sql`(${templates.createdAt}, ${templates.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(templateVersions.templateId, desc(templateVersions.versionNumber));
  return db
    .select({
      template: templates,
      version: templateVersions,
      cursorCreatedAt: sql<string>`${templates.createdAt}::text`,
    })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(inArray(templateVersions.id, newest))
    .orderBy(desc(templates.createdAt), desc(templates.id))
    .limit(limit);
}

/** How many survey templates were created from each base template (any of its versions). */
export async function countTemplatesCreatedFromBases(
  db: Executor,
  baseTemplateIds: string[],
): Promise<Map<string, number>> {
  if (baseTemplateIds.length === 0) return new Map();
  const baseVersions = db
    .select({ id: templateVersions.id, baseTemplateId: templateVersions.templateId })
    .from(templateVersions)
    .where(inArray(templateVersions.templateId, baseTemplateIds))
    .as('base_versions');
  const rows = await db
    .select({
      baseTemplateId: baseVersions.baseTemplateId,
      count: sql<number>`count(distinct ${templateVersions.templateId})::int`,
    })
    .from(templateVersions)
    .innerJoin(baseVersions, eq(baseVersions.id, templateVersions.baseVersionId))
    .groupBy(baseVersions.baseTemplateId);
  return new Map(rows.map((row) => [row.baseTemplateId, Number(row.count)]));
}

/** Completed surveys of each template, over all its versions (the list's Responses column). */
export async function countCompletedSurveys(
  db: Executor,
  templateIds: string[],
): Promise<Map<string, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .select({ templateId: surveys.templateId, count: sql<number>`count(*)::int` })
    .from(surveys)
    .where(and(inArray(surveys.templateId, templateIds), eq(surveys.state, 'COMPLETE')))
    .groupBy(surveys.templateId);
  return new Map(rows.map((row) => [row.templateId, Number(row.count)]));
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

export interface VersionLineage {
  templateId: string;
  /** The base template the survey template was created from, if any. */
  baseTemplateId: string | null;
}

const baseVersions = alias(templateVersions, 'base_versions');

export async function findVersionLineage(
  db: Executor,
  versionId: string,
): Promise<VersionLineage | undefined> {
  const [row] = await db
    .select({ templateId: templateVersions.templateId, baseTemplateId: baseVersions.templateId })
    .from(templateVersions)
    .leftJoin(baseVersions, eq(baseVersions.id, templateVersions.baseVersionId))
    .where(eq(templateVersions.id, versionId));
  return row;
}

/** The base template of a survey template (through any of its versions), or null. */
export async function findBaseTemplateId(db: Executor, templateId: string): Promise<string | null> {
  const [row] = await db
    .select({ baseTemplateId: baseVersions.templateId })
    .from(templateVersions)
    .innerJoin(baseVersions, eq(baseVersions.id, templateVersions.baseVersionId))
    .where(eq(templateVersions.templateId, templateId))
    .limit(1);
  return row?.baseTemplateId ?? null;
}

export async function findSurveyTemplate(db: Executor, templateId: string) {
  const [row] = await db
    .select({ id: templates.id, workspaceId: templates.workspaceId, name: templates.name })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.kind, 'survey')));
  return row;
}

/** A template's versions that can have surveys (not drafts), newest first, with their definitions. */
export async function findSentVersions(db: Executor, templateId: string) {
  return db
    .select({
      id: templateVersions.id,
      state: templateVersions.state,
      definition: templateVersions.definition,
    })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(desc(templateVersions.versionNumber));
}

/** A version's settings and its template's name. */
export interface VersionSettings {
  id: string;
  settings: unknown;
  templateName: string;
}

export async function findVersionSettings(db: Executor, versionIds: string[]): Promise<VersionSettings[]> {
  if (versionIds.length === 0) return [];
  return db
    .select({ id: templateVersions.id, settings: templateVersions.settings, templateName: templates.name })
    .from(templateVersions)
    .innerJoin(templates, sql`${templates.id} = ${templateVersions.templateId}`)
    .where(inArray(templateVersions.id, versionIds));
}
