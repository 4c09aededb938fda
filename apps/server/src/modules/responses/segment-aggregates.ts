import { npsCategory, type SurveyDefinition, type SurveyResponses } from '@graphium/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { responseSegmentStats, surveys } from '../../db/schema/index.js';

// The unfiltered segment table's aggregates (docs/decisions/029-segments.md), added in the
// completing transaction like the others of decision 007. Properties whose values are few by
// nature (Text, ListItem, Boolean) are kept, hidden ones too: visibility is decided when reading,
// by the newest definition. Numbers and dates are cut into ranges that depend on the values
// present, so their segments are always computed in SQL.

const aggregatedTypes = new Set(['Text', 'ListItem', 'Boolean']);

/** A property's segment key: text is grouped without regard to case (its filter ignores case). */
function segmentValueKey(value: string): string {
  return value.toLowerCase();
}

/** Adds one completed survey to the segment aggregates of its properties. */
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
  const properties = survey.definition.properties.filter((property) => aggregatedTypes.has(property.type));
  if (properties.length === 0) return;
  const [row] = await db
    .select({ properties: surveys.properties })
    .from(surveys)
    .where(eq(surveys.id, survey.surveyId));
  const values = row?.properties ?? {};
  const npsAnswers = survey.definition.questions.flatMap((question) => {
    const answer = survey.responses[question.id];
    return question.type === 'NetPromoterScore' && typeof answer === 'number'
      ? [{ questionId: question.id, category: npsCategory(answer) }]
      : [];
  });
  const composite = survey.compositePercentage;
  const rows = properties.flatMap((property) => {
    const raw = values[property.id];
    // No value: the key '' (a value is never empty), the "No value" segment.
    const value = raw === undefined ? '' : String(raw);
    const base = {
      templateId: survey.templateId,
      propertyId: property.id,
      valueKey: segmentValueKey(value),
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
      },
      ...npsAnswers.map((answer) => ({
        ...base,
        questionId: answer.questionId,
        promoters: answer.category === 'promoter' ? 1 : 0,
        passives: answer.category === 'passive' ? 1 : 0,
        detractors: answer.category === 'detractor' ? 1 : 0,
      })),
    ];
  });
  if (rows.length === 0) return;
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

export function isAggregatedPropertyType(type: string): boolean {
  return aggregatedTypes.has(type);
}

/** The aggregates of one property of a template: the '' rows and the NPS question's rows. */
export async function findSegmentStats(
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
        eq(table.propertyId, propertyId),
        sql`${table.questionId} in ('', ${npsQuestionId ?? ''})`,
      ),
    );
}
