import { z } from 'zod';
import { contactSchema } from './contact.js';

// Contact segments (docs/decisions/038-contacts.md): saved filters over contacts' attributes and
// survey history ("NPS detractors in the last 90 days", "plan is Pro and no survey in 60 days").
// Every condition must hold.

export const segmentAttributeOperators = [
  'equals',
  'not_equals',
  'contains',
  'gt',
  'lt',
  'is_set',
  'is_not_set',
] as const;
export type SegmentAttributeOperator = (typeof segmentAttributeOperators)[number];
export const segmentAttributeOperatorLabels: Record<SegmentAttributeOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  is_set: 'has a value',
  is_not_set: 'has no value',
};

export const npsCategories = ['detractor', 'passive', 'promoter'] as const;
export type SegmentNpsCategory = (typeof npsCategories)[number];
/** The NPS answers of each category (0 to 6, 7 and 8, 9 and 10). */
export const npsCategoryRanges: Record<SegmentNpsCategory, [number, number]> = {
  detractor: [0, 6],
  passive: [7, 8],
  promoter: [9, 10],
};

const daysSchema = z
  .number({ error: 'Enter a number of days' })
  .int('Enter a whole number of days')
  .min(1, 'Enter at least 1 day')
  .max(3650, 'Enter at most 3650 days');

const attributeConditionSchema = z.object({
  kind: z.literal('attribute'),
  name: z.string().min(1, 'Choose an attribute').max(50),
  operator: z.enum(segmentAttributeOperators),
  value: z.union([z.string().max(200), z.number(), z.boolean()]).optional(),
});

/** Surveyed (any template) within the last `days`, or, with `isWithin` false, not. */
const surveyedConditionSchema = z.object({
  kind: z.literal('surveyed'),
  isWithin: z.boolean(),
  days: daysSchema,
});

/** Answered an NPS question of this category in a survey completed within the last `days`. */
const npsConditionSchema = z.object({
  kind: z.literal('nps'),
  category: z.enum(npsCategories),
  days: daysSchema,
});

const segmentConditionSchema = z.discriminatedUnion('kind', [
  attributeConditionSchema,
  surveyedConditionSchema,
  npsConditionSchema,
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export const segmentFilterSchema = z.object({
  conditions: z
    .array(segmentConditionSchema)
    .min(1, 'Add at least one condition')
    .max(20, 'At most 20 conditions'),
});
export type SegmentFilter = z.infer<typeof segmentFilterSchema>;

export const saveSegmentSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  filter: segmentFilterSchema,
});
export type SaveSegmentInput = z.input<typeof saveSegmentSchema>;

export const contactSegmentSchema = z.object({
  segmentId: z.uuid(),
  name: z.string(),
  filter: segmentFilterSchema,
  /** Contacts matching now. */
  memberCount: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContactSegment = z.infer<typeof contactSegmentSchema>;

export const contactSegmentsResponseSchema = z.object({ segments: z.array(contactSegmentSchema) });
export type ContactSegmentsResponse = z.infer<typeof contactSegmentsResponseSchema>;

/**
 * `GET /contacts/segments/preview?filter=`: the filter as JSON text in the query, so a look at a
 * segment's members is a read any member may make (docs/decisions/047-connect-gaps.md).
 */
export const segmentPreviewQuerySchema = z.object({
  filter: z
    .string({ error: 'filter is required' })
    .max(20_000, 'filter is too long')
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'filter is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(segmentFilterSchema),
});

/** `GET /contacts/segments/preview`: how many contacts a filter matches, and the first of them. */
export const segmentPreviewSchema = z.object({ memberCount: z.int(), contacts: z.array(contactSchema) });
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

export const segmentParamsSchema = z.object({ segmentId: z.string() });

/** `POST /surveys/segment`: one survey per member of a segment, as a bulk send (a dry run first). */
export const segmentSendSchema = z.object({
  surveyTemplateVersionId: z.uuid('Choose a published template version'),
  segmentId: z.uuid('Choose a segment'),
  dryRun: z.boolean().default(false),
});
export type SegmentSendInput = z.input<typeof segmentSendSchema>;

/** A condition in words, for lists and previews. */
export function describeSegmentCondition(
  condition: SegmentCondition,
  labelOf: (name: string) => string = (name) => name,
): string {
  switch (condition.kind) {
    case 'attribute': {
      const operator = segmentAttributeOperatorLabels[condition.operator];
      const hasValue = condition.operator !== 'is_set' && condition.operator !== 'is_not_set';
      return `${labelOf(condition.name)} ${operator}${hasValue ? ` ${String(condition.value ?? '')}` : ''}`;
    }
    case 'surveyed':
      return `${condition.isWithin ? 'Surveyed' : 'Not surveyed'} in the last ${condition.days} days`;
    case 'nps':
      return `NPS ${condition.category}s in the last ${condition.days} days`;
  }
}
