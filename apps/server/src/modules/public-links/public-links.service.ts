import {
  type CreatePublicLink,
  createPublicLinkSchema,
  type PublicLink,
  publicLinkSlugTakenMessage,
  type UpdatePublicLink,
  updatePublicLinkSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { countSurveysOfLinks } from '../surveys/link-surveys.service.js';
import {
  deletePublicLinkRow,
  findTemplateForLinks,
  findTemplateLinks,
  findWorkspaceLink,
  insertPublicLink,
  type PublicLinkRow,
  updatePublicLinkRow,
} from './public-links.repository.js';
import { visitCounterOf } from './visit-counter.js';

// Public links, the staff side (docs/decisions/024-public-links.md): editors create and change
// them, viewers read them; another workspace's link or template answers 404.

const publicLinkNotFound = () => notFound('Public link not found');
const templateNotFound = () => notFound('Survey template not found');
const publishBeforeLinkMessage = 'Publish the template before creating a public link.';
const linkWithSurveysMessage =
  'This link has started surveys, so it cannot be deleted. Set a close date to stop it instead.';

/** The address people open and the QR code encodes. */
export function publicLinkUrl(ctx: AppContext, slug: string): string {
  return `${ctx.config.publicUrl}/s/${slug}`;
}

type Counts = { started: number; completed: number };

function toPublicLink(ctx: AppContext, row: PublicLinkRow, counts: Counts | undefined): PublicLink {
  return {
    publicLinkId: row.id,
    surveyTemplateId: row.templateId,
    name: row.name,
    slug: row.slug,
    url: publicLinkUrl(ctx, row.slug),
    closesAt: row.closesAt?.toISOString() ?? null,
    maxCompletedResponses: row.maxCompletedResponses,
    onePerBrowser: row.onePerBrowser,
    onePerContact: row.onePerContact,
    hourlyCap: row.hourlyCap,
    frameOrigins: row.frameOrigins,
    logoInQrCode: row.logoInQrCode,
    counts: {
      visits: row.visitCount + visitCounterOf(ctx).pendingOf(row.id),
      started: counts?.started ?? 0,
      completed: counts?.completed ?? 0,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withCounts(ctx: AppContext, rows: PublicLinkRow[]): Promise<PublicLink[]> {
  const counts = await countSurveysOfLinks(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicLink(ctx, row, counts.get(row.id)));
}

/** A link of the actor's workspace, or 404 (malformed ids included). */
export async function requireWorkspaceLink(
  ctx: AppContext,
  actor: WorkspaceActor,
  linkId: string,
): Promise<PublicLinkRow> {
  const row = isUuid(linkId) ? await findWorkspaceLink(ctx.db, actor.workspaceId, linkId) : undefined;
  if (!row) throw publicLinkNotFound();
  return row;
}

/** `GET /survey-templates/{templateId}/public-links`. */
export async function listPublicLinks(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string,
): Promise<{ publicLinks: PublicLink[] }> {
  const template = await findTemplateForLinks(ctx.db, actor.workspaceId, templateId);
  if (!template) throw templateNotFound();
  return {
    publicLinks: await withCounts(ctx, await findTemplateLinks(ctx.db, actor.workspaceId, templateId)),
  };
}

export async function getPublicLink(
  ctx: AppContext,
  actor: WorkspaceActor,
  linkId: string,
): Promise<PublicLink> {
  const [link] = await withCounts(ctx, [await requireWorkspaceLink(ctx, actor, linkId)]);
  return link!;
}

function auditTarget(row: Pick<PublicLinkRow, 'id' | 'name'>) {
  return { type: 'public-link', id: row.id, label: row.name };
}

/** `POST /public-links`: a link of a published template of the workspace; its address is unique. */
export async function createPublicLink(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: CreatePublicLink,
): Promise<PublicLink> {
  const { surveyTemplateId, ...fields } = createPublicLinkSchema.parse(input);
  const template = await findTemplateForLinks(ctx.db, actor.workspaceId, surveyTemplateId);
  if (!template) throw templateNotFound();
  if (!template.publishedVersionId) throw conflict(publishBeforeLinkMessage);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertPublicLink(tx, {
        ...fields,
        closesAt: fields.closesAt ? new Date(fields.closesAt) : null,
        workspaceId: actor.workspaceId,
        templateId: surveyTemplateId,
        createdByAccountId: actor.accountId ?? null,
      });
      await recordAudit(ctx, tx, actor, 'public-link.created', auditTarget(inserted), {
        slug: inserted.slug,
      });
      return inserted;
    });
    ctx.linkCache.forgetSlug(row.slug);
    return toPublicLink(ctx, row, undefined);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(publicLinkSlugTakenMessage);
    throw error;
  }
}

/** `PUT /public-links/{id}`: every setting, the address included (the old one stops working). */
export async function updatePublicLink(
  ctx: AppContext,
  actor: WorkspaceActor,
  linkId: string,
  input: UpdatePublicLink,
): Promise<PublicLink> {
  const fields = updatePublicLinkSchema.parse(input);
  const before = await requireWorkspaceLink(ctx, actor, linkId);
  try {
    const after = await ctx.db.transaction(async (tx) => {
      const row = await updatePublicLinkRow(tx, actor.workspaceId, linkId, {
        ...fields,
        closesAt: fields.closesAt ? new Date(fields.closesAt) : null,
        updatedAt: ctx.now(),
      });
      if (!row) throw publicLinkNotFound();
      await recordAudit(ctx, tx, actor, 'public-link.changed', auditTarget(row), { slug: row.slug });
      return row;
    });
    // The next start here sees the change at once; the notification tells the other processes.
    ctx.linkCache.forgetSlug(before.slug);
    ctx.linkCache.forgetSlug(after.slug);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(publicLinkSlugTakenMessage);
    throw error;
  }
  return getPublicLink(ctx, actor, linkId);
}

/** `DELETE /public-links/{id}`: only a link that started no survey (responses keep their source). */
export async function deletePublicLink(
  ctx: AppContext,
  actor: WorkspaceActor,
  linkId: string,
): Promise<{ message: string }> {
  const row = await requireWorkspaceLink(ctx, actor, linkId);
  await ctx.db.transaction(async (tx) => {
    const counts = await countSurveysOfLinks(tx, [row.id]);
    if ((counts.get(row.id)?.total ?? 0) > 0) throw conflict(linkWithSurveysMessage);
    await deletePublicLinkRow(tx, row.id);
    await recordAudit(ctx, tx, actor, 'public-link.deleted', auditTarget(row), { slug: row.slug });
  });
  ctx.linkCache.forgetSlug(row.slug);
  return { message: 'Public link deleted.' };
}
