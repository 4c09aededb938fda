import { npsCategoryRanges, type SegmentCondition, type SegmentFilter } from '@graphium/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactSegments, contacts, surveys, templateVersions } from '../../db/schema/index.js';
import type { ContactRow } from './contacts.repository.js';

export type SegmentRow = typeof contactSegments.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/** An attribute condition's value already read against the attribute's type. */
export type TypedCondition =
  | Exclude<SegmentCondition, { kind: 'attribute' }>
  | (Extract<SegmentCondition, { kind: 'attribute' }> & { isNumber: boolean });

function attributeCondition(condition: Extract<TypedCondition, { kind: 'attribute' }>): SQL {
  const { name, value } = condition;
  const text = sql`(${contacts.attributes} ->> ${name})`;
  switch (condition.operator) {
    case 'equals':
      return sql`${contacts.attributes} @> ${JSON.stringify({ [name]: value })}::jsonb`;
    case 'not_equals':
      return sql`not (${contacts.attributes} @> ${JSON.stringify({ [name]: value })}::jsonb)`;
    case 'contains':
      return sql`${text} ilike ${`%${String(value).replace(/[\\%_]/g, (character) => `\\${character}`)}%`}`;
    case 'gt':
    case 'lt': {
      const operator = sql.raw(condition.operator === 'gt' ? '>' : '<');
      // Numbers compare as numbers; dates, times and texts as text (ISO dates sort as text).
      return condition.isNumber
        ? sql`(jsonb_typeof(${contacts.attributes} -> ${name}) = 'number' and ${text}::numeric ${operator} ${Number(value)})`
        : sql`${text} ${operator} ${String(value)}`;
    }
    case 'is_set':
      return sql`jsonb_exists(${contacts.attributes}, ${name})`;
    case 'is_not_set':
      return sql`not jsonb_exists(${contacts.attributes}, ${name})`;
  }
}

function conditionSql(condition: TypedCondition, now: Date): SQL {
  if (condition.kind === 'attribute') return attributeCondition(condition);
  const since = sql`${new Date(now.getTime() - condition.days * dayMs).toISOString()}::timestamptz`;
  if (condition.kind === 'surveyed') {
    return condition.isWithin
      ? sql`${contacts.lastSurveyedAt} > ${since}`
      : sql`(${contacts.lastSurveyedAt} is null or ${contacts.lastSurveyedAt} <= ${since})`;
  }
  const [low, high] = npsCategoryRanges[condition.category];
  // The NPS questions are read from each survey's version: the answers are keyed by question id.
  return sql`exists (
    select 1 from ${surveys}
      join ${templateVersions} on ${templateVersions.id} = ${surveys.templateVersionId}
      cross join lateral jsonb_array_elements(${templateVersions.definition} -> 'questions') as question
    where ${surveys.contactId} = ${contacts.id} and ${surveys.state} = 'COMPLETE'
      and ${surveys.completedAt} > ${since}
      and question ->> 'type' = 'NetPromoterScore'
      and jsonb_typeof(${surveys.responses} -> (question ->> 'id')) = 'number'
      and (${surveys.responses} ->> (question ->> 'id'))::numeric between ${low} and ${high})`;
}

function membersWhere(workspaceId: string, conditions: readonly TypedCondition[], now: Date): SQL {
  return and(
    eq(contacts.workspaceId, workspaceId),
    ...conditions.map((condition) => conditionSql(condition, now)),
  )!;
}

export async function countMembers(
  db: Executor,
  workspaceId: string,
  conditions: readonly TypedCondition[],
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contacts)
    .where(membersWhere(workspaceId, conditions, now));
  return Number(row?.total ?? 0);
}

/** Members, oldest contact first (a stable order for sends and paging). */
export async function findMembers(
  db: Executor,
  workspaceId: string,
  conditions: readonly TypedCondition[],
  now: Date,
  options: { limit: number; offset?: number },
): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(membersWhere(workspaceId, conditions, now))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export async function findSegments(db: Executor, workspaceId: string): Promise<SegmentRow[]> {
  return db
    .select()
    .from(contactSegments)
    .where(eq(contactSegments.workspaceId, workspaceId))
    .orderBy(desc(contactSegments.createdAt), asc(contactSegments.id));
}

export async function findSegment(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<SegmentRow | undefined> {
  const [row] = await db
    .select()
    .from(contactSegments)
    .where(and(eq(contactSegments.workspaceId, workspaceId), eq(contactSegments.id, id)));
  return row;
}

export async function insertSegment(
  db: Executor,
  row: { workspaceId: string; name: string; filter: SegmentFilter; createdAt: Date; updatedAt: Date },
): Promise<SegmentRow> {
  const [inserted] = await db.insert(contactSegments).values(row).returning();
  return inserted!;
}

export async function updateSegment(
  db: Executor,
  workspaceId: string,
  id: string,
  fields: { name: string; filter: SegmentFilter; updatedAt: Date },
): Promise<SegmentRow | undefined> {
  const [row] = await db
    .update(contactSegments)
    .set(fields)
    .where(and(eq(contactSegments.workspaceId, workspaceId), eq(contactSegments.id, id)))
    .returning();
  return row;
}

export async function deleteSegment(db: Executor, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactSegments)
    .where(and(eq(contactSegments.workspaceId, workspaceId), eq(contactSegments.id, id)))
    .returning({ id: contactSegments.id });
  return rows.length > 0;
}
