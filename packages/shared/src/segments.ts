import { z } from 'zod';
import { responseFilterSchema, responseQueryFields } from './response-filters.js';
import { propertyTypeSchema } from './survey-definition.js';

// Segments (docs/decisions/029-segments.md): a template's completed surveys split by one survey
// property shown in reports, with the NPS and the composite score of each part and their margins.

/** Text, list item and boolean properties: the most frequent values, the rest as "Other". */
export const maxValueSegments = 20;
export const otherSegmentLabel = 'Other';
export const noValueSegmentLabel = 'No value';

/** `GET /survey-templates/{templateId}/segments?property&filters&sentFrom&sentTo&questionId` */
export const segmentsQuerySchema = z.object({
  property: z.uuid('Choose a property'),
  /** The NPS question to segment (default: the template's first NPS question). */
  questionId: z.uuid('Not a question id').optional(),
  filters: responseQueryFields.filters,
  sentFrom: responseQueryFields.sentFrom,
  sentTo: responseQueryFields.sentTo,
});
export type SegmentsQuery = z.output<typeof segmentsQuerySchema>;

const figureSchema = z.object({
  value: z.number().nullable(),
  count: z.number().int(),
  marginOfError: z.number().nullable(),
  /** Fewer than 30 answers: shown, marked as indicative. */
  indicative: z.boolean(),
});

const segmentKinds = ['value', 'range', 'other', 'none'] as const;

const segmentSchema = z.object({
  /** Stable within one answer: the value, the range "low..high", "other" or "none". */
  key: z.string(),
  label: z.string(),
  kind: z.enum(segmentKinds),
  /** Completed surveys in the segment. */
  count: z.number().int(),
  nps: figureSchema.nullable(),
  composite: figureSchema,
  /** The response filter that selects the segment; null for "Other" and "No value". */
  filter: responseFilterSchema.nullable(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentsReplySchema = z.object({
  property: z.object({ propertyId: z.uuid(), label: z.string(), type: propertyTypeSchema }),
  /** How the segments were made: by value, or ranges of numbers or of days, months or years. */
  binning: z.enum(['value', 'number', 'day', 'month', 'year']),
  npsQuestion: z.object({ questionId: z.uuid(), label: z.string() }).nullable(),
  /** Completed surveys matching the filters. */
  total: z.number().int(),
  segments: z.array(segmentSchema),
  /** The composite's Overall Benchmark, only above the privacy floor (10 surveys, 3 workspaces). */
  overallBenchmark: z.object({ percentage: z.number() }).nullable(),
});
export type SegmentsReply = z.infer<typeof segmentsReplySchema>;
