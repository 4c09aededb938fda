import {
  maxValueSegments,
  noValueSegmentLabel,
  otherSegmentLabel,
  propertyFilterField,
  rangeFilterOperator,
  type Segment,
  type SegmentsQuery,
  type SegmentsReply,
  type SurveyProperty,
  writeRangeValue,
} from '@graphium/shared';
import { figureOf, npsSample, sampleFromSums } from '@graphium/shared/statistics';
import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { readForAnalysis } from '../../db/analysis-reads.js';
import { invalid } from '../../errors.js';
import { propertyDay, propertyNumber, propertyText } from './property-conditions.js';
import { compositeQuestionKey } from './response-stats.repository.js';
import { loadBenchmarks, reportedBenchmark } from './responses-summary.js';
import { addSums, readSegmentGroups } from './segment-aggregates.js';
import {
  binBounds,
  compareDecimals,
  type DateBins,
  dateBinLabel,
  dateBinStart,
  dateBinStarts,
  dateBins,
  formatNumber,
  nextDateBound,
  numberBinIndex,
  numberBins,
} from './segment-bins.js';
import { type SegmentSums, sumSegments } from './segments.repository.js';
import { criteriaConditions, loadTemplateContext, type TemplateContext } from './template-context.js';

// Segments (docs/decisions/029-segments.md, 034): the completed surveys matching the filters, split by
// one property shown in reports, each part with its count, NPS and composite with 95% margins.

type Part = Omit<Segment, 'nps' | 'composite' | 'count'> & { sums: SegmentSums | undefined };

/** A filtered table's conditions; a date range reads the surveys through the sent_at index. */
interface Filtered {
  conditions: SQL[];
  isDateRange: boolean;
}

const emptySums = (key: string | null): SegmentSums => ({
  key,
  value: null,
  isOther: false,
  count: 0,
  compositeCount: 0,
  compositeSum: 0,
  compositeSquares: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
});

function reportedProperty(template: TemplateContext, propertyId: string): SurveyProperty {
  const property = template.propertiesById.get(propertyId);
  // A hidden property answers as one the template does not have: its existence never shows.
  if (!property?.visibleInReportsAndFiltering) {
    throw invalid(`property: the template has no property ${propertyId} to segment by`, {
      property: 'This property is not in the template reports',
    });
  }
  return property;
}

function npsQuestionOf(template: TemplateContext, questionId: string | undefined) {
  if (questionId) {
    const question = template.questionsById.get(questionId);
    if (question?.type !== 'NetPromoterScore') {
      throw invalid('questionId: the template has no NPS question with this id', {
        questionId: 'Choose an NPS question of the template',
      });
    }
    return question;
  }
  return template.questions.find((question) => question.type === 'NetPromoterScore');
}

/** The unfiltered sums from the aggregates: the top values, the rest as Other, and No value. */
async function sumsFromAggregates(
  ctx: AppContext,
  templateId: string,
  property: SurveyProperty,
  npsQuestionId: string | null,
): Promise<SegmentSums[]> {
  const { groups, none } = await readSegmentGroups(ctx.db, templateId, property, npsQuestionId);
  const values = groups.sort((left, right) => right.count - left.count || (left.key! < right.key! ? -1 : 1));
  const rest = values.slice(maxValueSegments);
  const other = rest.reduce<SegmentSums | undefined>(
    (total, sums) => addSums(total ?? { ...emptySums(null), isOther: true }, sums),
    undefined,
  );
  return [...values.slice(0, maxValueSegments), ...(none ? [none] : []), ...(other ? [other] : [])];
}

/**
 * The sums of a number or date property per exact value (the key as text) and of the surveys
 * without one: from the aggregates when unfiltered, else in one pass over the matching surveys.
 */
async function valueGroups(
  ctx: AppContext,
  template: TemplateContext,
  property: SurveyProperty,
  filtered: Filtered | undefined,
  npsQuestionId: string | null,
): Promise<{ groups: SegmentSums[]; none: SegmentSums | null }> {
  if (!filtered) return readSegmentGroups(ctx.db, template.templateId, property, npsQuestionId);
  const key =
    property.type === 'Number'
      ? sql`${propertyNumber(property.id)}::text`
      : sql`to_char(${propertyDay(property.id)}, 'YYYY-MM-DD')`;
  const rows = await readForAnalysis(
    ctx.db,
    (db) => sumSegments(db, filtered.conditions, { key, value: sql`null::text`, npsQuestionId }),
    filtered,
  );
  return {
    groups: rows.filter((row) => row.key !== null),
    none: rows.find((row) => row.key === null) ?? null,
  };
}

async function valueParts(
  ctx: AppContext,
  template: TemplateContext,
  property: SurveyProperty,
  filtered: Filtered | undefined,
  npsQuestionId: string | null,
): Promise<Part[]> {
  const text = propertyText(property.id);
  const isText = property.type === 'Text';
  const rows = filtered
    ? await readForAnalysis(
        ctx.db,
        (db) =>
          sumSegments(db, filtered.conditions, {
            key: isText ? sql`lower(${text})` : text,
            value: text,
            npsQuestionId,
            ...(property.type === 'Boolean' ? {} : { top: maxValueSegments }),
          }),
        filtered,
      )
    : await sumsFromAggregates(ctx, template.templateId, property, npsQuestionId);
  const field = propertyFilterField(property.id);
  const labelOf = (value: string) => {
    if (property.type === 'Boolean') return value === 'true' ? 'Yes' : 'No';
    if (property.type === 'ListItem' && property.listId)
      return template.lists.labelOf(property.listId, value) ?? value;
    return value;
  };
  const values = rows
    .filter((row) => row.key !== null && row.value !== null)
    .sort(
      (left, right) => right.count - left.count || labelOf(left.value!).localeCompare(labelOf(right.value!)),
    )
    .map(
      (row): Part => ({
        key: row.key!,
        label: labelOf(row.value!),
        kind: 'value',
        filter: { field, operator: isText ? 'equals' : 'is', value: row.value! },
        sums: row,
      }),
    );
  const other = rows.find((row) => row.isOther);
  const none = rows.find((row) => row.key === null && !row.isOther);
  return [
    ...values,
    ...(other
      ? [{ key: 'other', label: otherSegmentLabel, kind: 'other' as const, filter: null, sums: other }]
      : []),
    ...(none
      ? [{ key: 'none', label: noValueSegmentLabel, kind: 'none' as const, filter: null, sums: none }]
      : []),
  ];
}

/** Adds each group to the part of its range (by the range's key), in place. */
function sumInto(parts: Map<string, Part>, key: string, sums: SegmentSums) {
  const part = parts.get(key);
  if (!part) return;
  part.sums = addSums(part.sums ?? emptySums(part.key), sums);
}

async function numberParts(
  ctx: AppContext,
  template: TemplateContext,
  property: SurveyProperty,
  filtered: Filtered | undefined,
  npsQuestionId: string | null,
): Promise<Part[]> {
  const { groups, none } = await valueGroups(ctx, template, property, filtered, npsQuestionId);
  const keys = groups.map((group) => group.key!).sort(compareDecimals);
  const bins = keys.length > 0 ? numberBins(Number(keys[0]), Number(keys.at(-1))) : undefined;
  const field = propertyFilterField(property.id);
  const ranges = Array.from({ length: bins?.count ?? 0 }, (_, index): Part => {
    const { low, high } = binBounds(bins!, index);
    const range = writeRangeValue(low, high);
    return {
      key: range,
      label: `${formatNumber(low)} to under ${formatNumber(high)}`,
      kind: 'range',
      filter: { field, operator: rangeFilterOperator, value: range },
      sums: undefined,
    };
  });
  const byIndex = new Map(ranges.map((part, index) => [String(index), part]));
  for (const group of groups) sumInto(byIndex, String(numberBinIndex(bins!, group.key!)), group);
  return withNoValue(ranges, none ?? undefined);
}

async function dateParts(
  ctx: AppContext,
  template: TemplateContext,
  property: SurveyProperty,
  filtered: Filtered | undefined,
  npsQuestionId: string | null,
): Promise<{ parts: Part[]; bins: DateBins | undefined }> {
  const { groups, none } = await valueGroups(ctx, template, property, filtered, npsQuestionId);
  const days = groups.map((group) => group.key!).sort();
  const bounds = days.length > 0 ? { min: days[0]!, max: days.at(-1)! } : undefined;
  const bins = bounds ? dateBins(bounds.min, bounds.max) : undefined;
  const field = propertyFilterField(property.id);
  const starts = bins && bounds ? dateBinStarts(bins, bounds.min, bounds.max) : [];
  const ranges = starts.map((low): Part => {
    const range = writeRangeValue(low, nextDateBound(bins!, low));
    return {
      key: range,
      label: dateBinLabel(bins!, low),
      kind: 'range',
      filter: { field, operator: rangeFilterOperator, value: range },
      sums: undefined,
    };
  });
  const byStart = new Map(starts.map((low, index) => [low, ranges[index]!]));
  for (const group of groups) sumInto(byStart, dateBinStart(bins!, group.key!), group);
  return { parts: withNoValue(ranges, none ?? undefined), bins };
}

function withNoValue(parts: Part[], none: SegmentSums | undefined): Part[] {
  if (!none) return parts;
  return [...parts, { key: 'none', label: noValueSegmentLabel, kind: 'none', filter: null, sums: none }];
}

function toSegment(part: Part, hasNps: boolean): Segment {
  const sums = part.sums ?? emptySums(part.key);
  const { sums: _, ...rest } = part;
  return {
    ...rest,
    count: sums.count,
    nps: hasNps
      ? figureOf(
          npsSample({ promoters: sums.promoters, passives: sums.passives, detractors: sums.detractors }),
        )
      : null,
    composite: figureOf(sampleFromSums(sums.compositeCount, sums.compositeSum, sums.compositeSquares)),
  };
}

/** `GET /survey-templates/{templateId}/segments`: the segment table of one property. */
export async function listSegments(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string,
  query: SegmentsQuery,
): Promise<SegmentsReply> {
  const template = await loadTemplateContext(ctx, actor, templateId);
  const property = reportedProperty(template, query.property);
  const npsQuestion = npsQuestionOf(template, query.questionId);
  const conditions = criteriaConditions(template, {
    templateId: template.templateId,
    workspaceId: actor.workspaceId,
    filters: query.filters?.filters ?? [],
    sentFrom: query.sentFrom,
    sentTo: query.sentTo,
  });
  const npsQuestionId = npsQuestion?.id ?? null;
  let parts: Part[];
  let binning: SegmentsReply['binning'] = 'value';
  // Unfiltered, the aggregates answer (decisions 029, 034); filtered, one pass over the surveys.
  const isUnfiltered = (query.filters?.filters ?? []).length === 0 && !query.sentFrom && !query.sentTo;
  const filtered = isUnfiltered
    ? undefined
    : { conditions, isDateRange: Boolean(query.sentFrom || query.sentTo) };
  if (property.type === 'Number') {
    parts = await numberParts(ctx, template, property, filtered, npsQuestionId);
    binning = 'number';
  } else if (property.type === 'Date' || property.type === 'DateTime') {
    const dates = await dateParts(ctx, template, property, filtered, npsQuestionId);
    parts = dates.parts;
    binning = dates.bins?.unit ?? 'day';
  } else {
    parts = await valueParts(ctx, template, property, filtered, npsQuestionId);
  }
  const benchmarks = await loadBenchmarks(ctx.db, template);
  const segments = parts.map((part) => toSegment(part, npsQuestion !== undefined));
  return {
    property: { propertyId: property.id, label: property.label, type: property.type },
    binning,
    npsQuestion: npsQuestion ? { questionId: npsQuestion.id, label: npsQuestion.label } : null,
    total: segments.reduce((sum, segment) => sum + segment.count, 0),
    segments,
    overallBenchmark: reportedBenchmark(benchmarks.get(compositeQuestionKey)),
  };
}
