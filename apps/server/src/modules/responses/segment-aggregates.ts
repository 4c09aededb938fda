import {
  npsCategory,
  type SurveyDefinition,
  type SurveyProperty,
  type SurveyResponses,
} from '@graphium/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { responseSegmentStats, surveys } from '../../db/schema/index.js';
import type { SegmentSums } from './segments.repository.js';

// The unfiltered segment table's aggregates (docs/decisions/029-segments.md, 034), added in the
// completing transaction like the others of decision 007. Every property is kept, hidden ones
// too (visibility is decided when reading, by the newest definition), under the key its segment
// groups by: text lower-cased, a list item's id, true/false, a number's exact value, a date's (or
// a date and time's UTC) day. Numbers and dates are cut into ranges when read, from the values
// present. Property '' holds the template's totals, so "No value" is the totals less the values:
// a survey of a version without the property is counted there, as the SQL over the surveys does.

/** The template's totals: property '' and value ''. */
const totalsPropertyId = '';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})/;

/** A Date's day or a DateTime's UTC day, as `propertyDay` reads it; undefined when not a date. */
function dayOf(raw: string): string | undefined {
  const match = dayPattern.exec(raw);
  if (!match) return undefined;
  const [, year, month, dayOfMonth] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, dayOfMonth));
  date.setUTCFullYear(year);
  const isReal = year > 0 && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth;
  return isReal ? raw.slice(0, 10) : undefined;
}

/**
 * A property's segment key for a stored value ('' for none): what the segment SQL groups by.
 * Text is grouped without regard to case (its filter ignores case).
 */
function segmentKeyOf(type: SurveyProperty['type'], raw: string | number | boolean | undefined): string {
  if (raw === undefined) return '';
  switch (type) {
    case 'Number':
      return typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
    case 'Date':
    case 'DateTime':
      return typeof raw === 'string' ? (dayOf(raw) ?? '') : '';
    default:
      return String(raw).toLowerCase();
  }
}

/**
 * The segment rows one completed survey adds (decision 034): the totals and each property's
 * value, with the composite on question '' and each NPS answer on its question.
 */
export function segmentCompletionRows(survey: {
  templateId: string;
  workspaceId: string;
  definition: SurveyDefinition;
  /** The survey's property values, by property id. */
  values: Record<string, string | number | boolean>;
  responses: SurveyResponses;
  compositePercentage: number | null;
}) {
  const { properties } = survey.definition;
  const { values } = survey;
  const npsAnswers = survey.definition.questions.flatMap((question) => {
    const answer = survey.responses[question.id];
    return question.type === 'NetPromoterScore' && typeof answer === 'number'
      ? [{ questionId: question.id, category: npsCategory(answer) }]
      : [];
  });
  const composite = survey.compositePercentage;
  const keyed = [
    { propertyId: totalsPropertyId, valueKey: '', value: '' },
    // No value is not kept per property: it is the totals less the values.
    ...properties.flatMap((property) => {
      const raw = Object.hasOwn(values, property.id) ? values[property.id] : undefined;
      const valueKey = segmentKeyOf(property.type, raw);
      return valueKey === '' ? [] : [{ propertyId: property.id, valueKey, value: String(raw) }];
    }),
  ];
  return keyed.flatMap(({ propertyId, valueKey, value }) => {
    const base = {
      templateId: survey.templateId,
      propertyId,
      valueKey,
      workspaceId: survey.workspaceId,
      value,
      count: 1,
    };
    return [
      {
        ...base,
        questionId: '',
        compositeCount: composite === null ? 0 : 1,
        compositeSum: composite ?? 0,
        compositeSquares: composite === null ? 0 : composite * composite,
        promoters: 0,
        passives: 0,
        detractors: 0,
      },
      ...npsAnswers.map((answer) => ({
        ...base,
        questionId: answer.questionId,
        compositeCount: 0,
        compositeSum: 0,
        compositeSquares: 0,
        promoters: answer.category === 'promoter' ? 1 : 0,
        passives: answer.category === 'passive' ? 1 : 0,
        detractors: answer.category === 'detractor' ? 1 : 0,
      })),
    ];
  });
}

/** Whether a segment row is the template's totals (kept when only the property values go). */
export const isSegmentTotalsRow = (row: { propertyId: string }) => row.propertyId === totalsPropertyId;

/** Adds one completed survey to the segment aggregates: the totals and each property's value. */
export async function addSegmentCompletion(
  db: Executor,
  survey: {
    surveyId: string;
    templateId: string;
    workspaceId: string;
    definition: SurveyDefinition;
    responses: SurveyResponses;
    compositePercentage: number | null;
  },
): Promise<void> {
  let values: Record<string, string | number | boolean> = {};
  if (survey.definition.properties.length > 0) {
    const [row] = await db
      .select({ properties: surveys.properties })
      .from(surveys)
      .where(eq(surveys.id, survey.surveyId));
    values = row?.properties ?? {};
  }
  const rows = segmentCompletionRows({ ...survey, values });
  // A fixed order, so two completions never wait on each other's rows in opposite orders.
  rows.sort((left, right) =>
    `${left.propertyId}\u0000${left.valueKey}\u0000${left.questionId}` <
    `${right.propertyId}\u0000${right.valueKey}\u0000${right.questionId}`
      ? -1
      : 1,
  );
  const table = responseSegmentStats;
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target: [table.templateId, table.propertyId, table.valueKey, table.questionId],
      set: {
        count: sql`${table.count} + excluded.count`,
        compositeCount: sql`${table.compositeCount} + excluded.composite_count`,
        compositeSum: sql`${table.compositeSum} + excluded.composite_sum`,
        compositeSquares: sql`${table.compositeSquares} + excluded.composite_squares`,
        promoters: sql`${table.promoters} + excluded.promoters`,
        passives: sql`${table.passives} + excluded.passives`,
        detractors: sql`${table.detractors} + excluded.detractors`,
      },
    });
}

/**
 * The aggregates of one property of a template and the template's totals: the '' rows (count and
 * composite) and the NPS question's rows.
 */
async function findSegmentStats(
  db: Executor,
  templateId: string,
  propertyId: string,
  npsQuestionId: string | null,
) {
  const table = responseSegmentStats;
  return db
    .select()
    .from(table)
    .where(
      and(
        eq(table.templateId, templateId),
        sql`${table.propertyId} in (${propertyId}, ${totalsPropertyId})`,
        sql`${table.questionId} in ('', ${npsQuestionId ?? ''})`,
      ),
    );
}

/** The running sums of one segment (the shape `sumSegments` answers). */
type Sums = SegmentSums;

const sumFields = [
  'count',
  'compositeCount',
  'compositeSum',
  'compositeSquares',
  'promoters',
  'passives',
  'detractors',
] as const;

const emptySums = (key: string | null, value: string | null): Sums => ({
  key,
  value,
  isOther: false,
  count: 0,
  compositeCount: 0,
  compositeSum: 0,
  compositeSquares: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
});

/** Adds `sums` into `total` (or takes it off with `sign` -1). */
export function addSums(total: Sums, sums: Sums, sign: 1 | -1 = 1): Sums {
  for (const field of sumFields) total[field] += sign * sums[field];
  return total;
}

/** Whether an aggregate's key is a value of this type (a version may have had another type). */
function isSegmentKeyOf(type: SurveyProperty['type'], key: string): boolean {
  if (type === 'Number') return /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(key);
  if (type === 'Date' || type === 'DateTime') return key.length === 10 && dayOf(key) === key;
  return true;
}

/**
 * The unfiltered sums of one property from the aggregates: one per value key, and "No value" as
 * the template's totals less every value (null when no survey lacks a value).
 */
export async function readSegmentGroups(
  db: Executor,
  templateId: string,
  property: Pick<SurveyProperty, 'id' | 'type'>,
  npsQuestionId: string | null,
): Promise<{ groups: Sums[]; none: Sums | null }> {
  const propertyId = property.id;
  const byKey = new Map<string, Sums>();
  const totals = emptySums(null, null);
  for (const row of await findSegmentStats(db, templateId, propertyId, npsQuestionId)) {
    const isTotal = row.propertyId === totalsPropertyId;
    // The '' rows of a property were written before decision 034; the totals replace them.
    if (!isTotal && (row.valueKey === '' || !isSegmentKeyOf(property.type, row.valueKey))) continue;
    const sums = isTotal ? totals : (byKey.get(row.valueKey) ?? emptySums(row.valueKey, row.value));
    if (row.questionId === '') {
      sums.count = row.count;
      sums.compositeCount = row.compositeCount;
      sums.compositeSum = row.compositeSum;
      sums.compositeSquares = row.compositeSquares;
    } else {
      sums.promoters = row.promoters;
      sums.passives = row.passives;
      sums.detractors = row.detractors;
    }
    if (!isTotal) byKey.set(row.valueKey, sums);
  }
  const groups = [...byKey.values()].filter((sums) => sums.count > 0);
  const none = groups.reduce((rest, sums) => addSums(rest, sums, -1), totals);
  return { groups, none: none.count > 0 ? none : null };
}
