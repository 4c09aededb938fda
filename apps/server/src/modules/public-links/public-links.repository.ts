import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared-statements.js';
import { publicLinks, templates, templateVersions } from '../../db/schema/index.js';

export type PublicLinkRow = typeof publicLinks.$inferSelect;
export type NewPublicLinkRow = typeof publicLinks.$inferInsert;

export async function insertPublicLink(db: Executor, row: NewPublicLinkRow): Promise<PublicLinkRow> {
  const [inserted] = await db.insert(publicLinks).values(row).returning();
  return inserted!;
}

export async function updatePublicLinkRow(
  db: Executor,
  workspaceId: string,
  linkId: string,
  changes: Partial<NewPublicLinkRow>,
): Promise<PublicLinkRow | undefined> {
  const [row] = await db
    .update(publicLinks)
    .set(changes)
    .where(and(eq(publicLinks.id, linkId), eq(publicLinks.workspaceId, workspaceId)))
    .returning();
  return row;
}

export async function deletePublicLinkRow(db: Executor, linkId: string): Promise<void> {
  await db.delete(publicLinks).where(eq(publicLinks.id, linkId));
}

/** A link of the workspace (staff access), or undefined. */
export async function findWorkspaceLink(
  db: Executor,
  workspaceId: string,
  linkId: string,
): Promise<PublicLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.id, linkId), eq(publicLinks.workspaceId, workspaceId)));
  return row;
}

export function findTemplateLinks(db: Executor, workspaceId: string, templateId: string) {
  return db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.workspaceId, workspaceId), eq(publicLinks.templateId, templateId)))
    .orderBy(asc(publicLinks.createdAt), asc(publicLinks.id));
}

function prepareFindLinkForStart(db: Executor) {
  return db
    .select({
      id: publicLinks.id,
      workspaceId: publicLinks.workspaceId,
      templateId: publicLinks.templateId,
      closesAt: publicLinks.closesAt,
      maxCompletedResponses: publicLinks.maxCompletedResponses,
      onePerBrowser: publicLinks.onePerBrowser,
      onePerContact: publicLinks.onePerContact,
      hourlyCap: publicLinks.hourlyCap,
      versionId: templateVersions.id,
      versionSettings: templateVersions.settings,
    })
    .from(publicLinks)
    .leftJoin(
      templateVersions,
      and(eq(templateVersions.templateId, publicLinks.templateId), eq(templateVersions.state, 'PUBLISHED')),
    )
    .where(eq(publicLinks.slug, sql.placeholder('slug')))
    .prepare('find_link_for_start');
}

// A start runs it when the link is not in the link cache.
const findLinkForStartStatement = preparedPerDatabase(prepareFindLinkForStart);

export type LinkForStart = Awaited<ReturnType<ReturnType<typeof prepareFindLinkForStart>['execute']>>[number];

/** The link of an address with its template's published version (none when unpublished). */
export async function findLinkForStart(db: Executor, slug: string): Promise<LinkForStart | undefined> {
  const [row] = await findLinkForStartStatement(db).execute({ slug });
  return row;
}

/** Adds visits counted in this process to the links' rows, in a fixed order (no deadlock). */
export async function addVisits(db: Executor, counts: [string, number][]): Promise<void> {
  for (const [linkId, count] of [...counts].sort(([left], [right]) => (left < right ? -1 : 1))) {
    await db
      .update(publicLinks)
      .set({ visitCount: sql`${publicLinks.visitCount} + ${count}` })
      .where(eq(publicLinks.id, linkId));
  }
}

/** What the link's page needs before it is served: the sites that may frame it. */
export async function findFrameOriginsBySlug(db: Executor, slug: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ frameOrigins: publicLinks.frameOrigins })
    .from(publicLinks)
    .where(eq(publicLinks.slug, slug));
  return row?.frameOrigins;
}

/** Locks the link's row: surveys of a link with an hourly cap are created one at a time. */
export async function lockLink(db: Executor, linkId: string): Promise<void> {
  await db.select({ id: publicLinks.id }).from(publicLinks).where(eq(publicLinks.id, linkId)).for('update');
}

/** The template of the workspace with its published version's id (null when none is published). */
export async function findTemplateForLinks(db: Executor, workspaceId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id, name: templates.name, publishedVersionId: templateVersions.id })
    .from(templates)
    .leftJoin(
      templateVersions,
      and(eq(templateVersions.templateId, templates.id), eq(templateVersions.state, 'PUBLISHED')),
    )
    .where(
      and(eq(templates.id, templateId), eq(templates.workspaceId, workspaceId), eq(templates.kind, 'survey')),
    );
  return row;
}
