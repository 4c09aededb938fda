import {
  type Contact,
  type ContactSegment,
  type ContactSegmentsResponse,
  parseListItemValue,
  type SaveSegmentInput,
  type SegmentFilter,
  type SegmentPreview,
  saveSegmentSchema,
  segmentFilterSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  countMembers,
  deleteSegment,
  findMembers,
  findSegment,
  findSegments,
  insertSegment,
  type SegmentRow,
  type TypedCondition,
  updateSegment,
} from './contact-segments.repository.js';
import { findAttributes } from './contacts.repository.js';
import { toContact } from './contacts.service.js';

const segmentNotFound = () => notFound('Segment not found');

/**
 * Reads a filter against the workspace's attributes: an unknown attribute, or a value that does
 * not fit its type, answers 400 naming the condition.
 */
async function typedConditions(
  db: Executor,
  workspaceId: string,
  filter: SegmentFilter,
): Promise<TypedCondition[]> {
  const attributes = new Map((await findAttributes(db, workspaceId)).map((row) => [row.name, row]));
  return filter.conditions.map((condition, index) => {
    if (condition.kind !== 'attribute') return condition;
    const field = `filter.conditions.${index}`;
    const attribute = attributes.get(condition.name);
    if (!attribute) {
      const message = `Unknown attribute "${condition.name}"`;
      throw invalid(message, { [field]: message });
    }
    const needsValue = condition.operator !== 'is_set' && condition.operator !== 'is_not_set';
    if (!needsValue) return { ...condition, isNumber: false };
    if (condition.value === undefined || condition.value === '') {
      const message = `Enter a value for ${attribute.displayName}`;
      throw invalid(message, { [field]: message });
    }
    if (condition.operator === 'contains')
      return { ...condition, value: String(condition.value), isNumber: false };
    const parsed = parseListItemValue(attribute, condition.value);
    if ('error' in parsed) throw invalid(parsed.error, { [field]: parsed.error });
    return { ...condition, value: parsed.value, isNumber: attribute.type === 'NUMBER' };
  });
}

async function toSegment(ctx: AppContext, row: SegmentRow): Promise<ContactSegment> {
  const conditions = await typedConditions(ctx.db, row.workspaceId, row.filter).catch(() => undefined);
  return {
    segmentId: row.id,
    name: row.name,
    filter: row.filter,
    // A segment whose attribute was since removed matches nobody rather than failing the list.
    memberCount: conditions ? await countMembers(ctx.db, row.workspaceId, conditions, ctx.now()) : 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET /contacts/segments`: newest first, each with how many contacts match now. */
export async function listSegments(ctx: AppContext, actor: WorkspaceActor): Promise<ContactSegmentsResponse> {
  const rows = await findSegments(ctx.db, actor.workspaceId);
  return { segments: await Promise.all(rows.map((row) => toSegment(ctx, row))) };
}

/** `POST /contacts/segments/preview`: what a filter matches, before it is saved. */
export async function previewSegment(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: { filter: SegmentFilter },
): Promise<SegmentPreview> {
  const filter = segmentFilterSchema.parse(input.filter);
  const conditions = await typedConditions(ctx.db, actor.workspaceId, filter);
  const now = ctx.now();
  const [memberCount, rows] = await Promise.all([
    countMembers(ctx.db, actor.workspaceId, conditions, now),
    findMembers(ctx.db, actor.workspaceId, conditions, now, { limit: 10 }),
  ]);
  return { memberCount, contacts: rows.map(toContact) };
}

/** `POST /contacts/segments`. */
export async function createSegment(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: SaveSegmentInput,
): Promise<ContactSegment> {
  const { name, filter } = saveSegmentSchema.parse(input);
  await typedConditions(ctx.db, actor.workspaceId, filter);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertSegment(tx, {
      workspaceId: actor.workspaceId,
      name,
      filter,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(ctx, tx, actor, 'segment.created', { type: 'segment', id: inserted.id, label: name });
    return inserted;
  });
  return toSegment(ctx, row);
}

/** `PUT /contacts/segments/{id}`: a new name and filter. */
export async function changeSegment(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  input: SaveSegmentInput,
): Promise<ContactSegment> {
  if (!isUuid(id)) throw segmentNotFound();
  const { name, filter } = saveSegmentSchema.parse(input);
  await typedConditions(ctx.db, actor.workspaceId, filter);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateSegment(tx, actor.workspaceId, id, { name, filter, updatedAt: ctx.now() });
    if (!updated) throw segmentNotFound();
    await recordAudit(ctx, tx, actor, 'segment.changed', { type: 'segment', id, label: name });
    return updated;
  });
  return toSegment(ctx, row);
}

/** `DELETE /contacts/segments/{id}`. */
export async function removeSegment(ctx: AppContext, actor: WorkspaceActor, id: string): Promise<void> {
  if (!isUuid(id)) throw segmentNotFound();
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteSegment(tx, actor.workspaceId, id))) throw segmentNotFound();
    await recordAudit(ctx, tx, actor, 'segment.deleted', { type: 'segment', id });
  });
}

/**
 * A segment's members now, oldest contact first, at most `limit` (for sending to it); 404 for
 * another workspace's segment.
 */
export async function findSegmentMembers(
  ctx: AppContext,
  workspaceId: string,
  segmentId: string,
  limit: number,
): Promise<{ name: string; memberCount: number; members: Contact[] }> {
  if (!isUuid(segmentId)) throw segmentNotFound();
  const row = await findSegment(ctx.db, workspaceId, segmentId);
  if (!row) throw segmentNotFound();
  const conditions = await typedConditions(ctx.db, workspaceId, row.filter);
  const now = ctx.now();
  const [memberCount, members] = await Promise.all([
    countMembers(ctx.db, workspaceId, conditions, now),
    findMembers(ctx.db, workspaceId, conditions, now, { limit }),
  ]);
  return { name: row.name, memberCount, members: members.map(toContact) };
}

/** A segment's name, or undefined when the workspace has no such segment. */
export async function findSegmentName(
  ctx: AppContext,
  workspaceId: string,
  segmentId: string,
): Promise<string | undefined> {
  if (!isUuid(segmentId)) return undefined;
  return (await findSegment(ctx.db, workspaceId, segmentId))?.name;
}
