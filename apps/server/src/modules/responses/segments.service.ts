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
import { invalid } from '../../errors.js';
import { propertyDay, propertyNumber, propertyText } from './property-conditions.js';
import { compositeQuestionKey } from './response-stats.repository.js';
import { loadBenchmarks, reportedBenchmark } from './responses-summary.js';
import { findSegmentStats, isAggregatedPropertyType } from './segment-aggregates.js';
import {
  binBounds,
  type DateBins,
  dateBinLabel,
  dateBinStarts,
  dateBins,
  formatNumber,
  nextDateBound,
  numberBins,
} from './segment-bins.js';
import { findValueBounds, type SegmentSums, sumSegments } from './segments.repository.js';
import { criteriaConditions, loadTemplateContext, type TemplateContext } from './template-context.js';

// Segments (docs/decisions/029-segments.md): the completed surveys matching the filters, split by
// one property shown in reports, each part with its count, NPS and composite with 95% margins.

type Part = Omit<Segment, 'nps' | 'composite' | 'count'> & { sums: SegmentSums | undefined };

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

/** The unfiltered sums from the aggregates: the top values, the rest as Other, '' as no value. */
async function sumsFromAggregates(
  ctx: AppContext,
  templateId: string,
  propertyId: string,
  npsQuestionId: string | null,
): Promise<SegmentSums[]> {
  const byKey = new Map<string, SegmentSums>();
  for (const row of await findSegmentStats(ctx.db, templateId, propertyId, npsQuestionId)) {
    const sums = byKey.get(row.valueKey) ?? {
      ...emptySums(row.valueKey === '' ? null : row.valueKey),
      value: row.valueKey === '' ? null : row.value,
    };
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
    byKey.set(row.valueKey, sums);
  }
  const all = [...byKey.values()].filter((sums) => sums.count > 0);
  const values = all
    .filter((sums) => sums.key !== null)
    .sort((left, right) => right.count - left.count || (left.key! < right.key! ? -1 : 1));
  const rest = values.slice(maxValueSegments);
  const other = rest.reduce<SegmentSums | undefined>((total, sums) => {
    const sum = total ?? { ...emptySums(null), isOther: true };
    for (const field of sumFields) sum[field] += sums[field];
    return sum;
  }, undefined);
  return [
    ...values.slice(0, maxValueSegments),
    ...all.filter((sums) => sums.key === null),
    ...(other ? [other] : []),
  ];
}

const sumFields = [
  'count',
  'compositeCount',
  'compositeSum',
  'compositeSquares',
  'promoters',
  'passives',
  'detractors',
] as const;

async function valueParts(
  ctx: AppContext,
  template: TemplateContext,
  property: SurveyProperty,
  conditions: SQL[] | undefined,
  npsQuestionId: string | null,
): Promise<Part[]> {
  const text = propertyText(property.id);
  const isText = property.type === 'Text';
  // Unfiltered, the aggregates answer (decision 029); filtered, one pass over the matching surveys.
  const rows = conditions
    ? await sumSegments(ctx.db, conditions, {
        key: isText ? sql`lower(${text})` : text,
        value: text,
        npsQuestionId,
        ...(property.type === 'Boolean' ? {} : { top: maxValueSegments }),
      })
    : await sumsFromAggregates(ctx, template.templateId, property.id, npsQuestionId);
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

async function numberParts(
  ctx: AppContext,
  property: SurveyProperty,
  conditions: SQL[],
  npsQuestionId: string | null,
): Promise<Part[]> {
  const value = propertyNumber(property.id);
  const bounds = await findValueBounds(ctx.db, conditions, value);
  const bins = bounds ? numberBins(Number(bounds.min), Number(bounds.max)) : undefined;
  const key = bins
    ? sql`floor((${value} - ${bins.start}::numeric) / ${bins.step}::numeric)::int`
    : sql`null::int`;
  const rows = await sumSegments(ctx.db, conditions, { key, value: sql`null::text`, npsQuestionId });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const field = propertyFilterField(property.id);
  const ranges = Array.from({ length: bins?.count ?? 0 }, (_, index): Part => {
    const { low, high } = binBounds(bins!, index);
    const range = writeRangeValue(low, high);
    return {
      key: range,
      label: `${formatNumber(low)} to under ${formatNumber(high)}`,
      kind: 'range',
      filter: { field, operator: rangeFilterOperator, value: range },
      sums: byKey.get(String(index)),
    };
  });
  return withNoValue(ranges, byKey.get(null));
}

function dateKey(bins: DateBins, day: SQL): SQL {
  if (bins.unit === 'day') return sql`to_char(${day}, 'YYYY-MM-DD')`;
  if (bins.unit === 'month') return sql`to_char(date_trunc('month', ${day}), 'YYYY-MM-DD')`;
  return sql`lpad((floor(extract(year from ${day}) / ${bins.yearStep}) * ${bins.yearStep})::int::text, 4, '0') || '-01-01'`;
}

async function dateParts(
  ctx: AppContext,
  property: SurveyProperty,
  conditions: SQL[],
  npsQuestionId: string | null,
): Promise<{ parts: Part[]; bins: DateBins | undefined }> {
  const day = propertyDay(property.id);
  const bounds = await findValueBounds(ctx.db, conditions, day);
  const bins = bounds ? dateBins(bounds.min, bounds.max) : undefined;
  const key = bins ? dateKey(bins, day) : sql`null::text`;
  const rows = await sumSegments(ctx.db, conditions, { key, value: sql`null::text`, npsQuestionId });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const field = propertyFilterField(property.id);
  const starts = bins && bounds ? dateBinStarts(bins, bounds.min, bounds.max) : [];
  const ranges = starts.map((low): Part => {
    const range = writeRangeValue(low, nextDateBound(bins!, low));
    return {
      key: range,
      label: dateBinLabel(bins!, low),
      kind: 'range',
      filter: { field, operator: rangeFilterOperator, value: range },
      sums: byKey.get(low),
    };
  });
  return { parts: withNoValue(ranges, byKey.get(null)), bins };
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
  if (property.type === 'Number') {
    parts = await numberParts(ctx, property, conditions, npsQuestionId);
    binning = 'number';
  } else if (property.type === 'Date' || property.type === 'DateTime') {
    const dates = await dateParts(ctx, property, conditions, npsQuestionId);
    parts = dates.parts;
    binning = dates.bins?.unit ?? 'day';
  } else {
    const isUnfiltered = (query.filters?.filters ?? []).length === 0 && !query.sentFrom && !query.sentTo;
    const fromAggregates = isUnfiltered && isAggregatedPropertyType(property.type);
    parts = await valueParts(ctx, template, property, fromAggregates ? undefined : conditions, npsQuestionId);
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
