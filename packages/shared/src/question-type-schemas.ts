import { z } from 'zod';
import { isCalendarDate, isValidReviewLink } from './values.js';

// The added question types (decision 027): Customer Effort Score, CSAT, date, consent,
// ranking and matrix. Kept beside the seven of the spec so their rules read in one place; the
// definition's discriminated union takes them in (survey-definition.ts). Every text a respondent
// reads is a plain string field of the question, so a translation can replace it.

const labelText = z.string().trim().max(100, 'Must be at most 100 characters').default('');
const optionText = z
  .string()
  .trim()
  .min(1, 'An option cannot be empty')
  .max(200, 'An option must be at most 200 characters');
const dateText = z
  .string()
  .trim()
  .refine((text) => text === '' || isCalendarDate(text), 'Enter a date as YYYY-MM-DD')
  .default('');

/** The faces or stars a CSAT question is drawn with; the answer is 1-5 either way. */
export const csatDisplays = ['faces', 'stars'] as const;

/** A matrix row: a statement with a stable id, the key of its answer. */
const matrixRowSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'A row needs an id')
    .max(64, 'A row id must be at most 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'A row id takes letters, digits, - and _ only'),
  text: z
    .string()
    .trim()
    .min(1, 'A statement cannot be empty')
    .max(300, 'A statement must be at most 300 characters'),
});

const maxRankingOptions = 20;
const maxMatrixRows = 30;
const maxMatrixColumns = 11;

export function extraQuestionSchemas<const Base extends z.ZodRawShape>(base: Base) {
  return [
    z.object({
      ...base,
      type: z.literal('CustomerEffortScore'),
      startLabel: labelText,
      endLabel: labelText,
    }),
    z.object({
      ...base,
      type: z.literal('CustomerSatisfactionScore'),
      display: z.enum(csatDisplays, { error: 'Choose faces or stars' }).default('faces'),
      startLabel: labelText,
      endLabel: labelText,
    }),
    z.object({
      ...base,
      type: z.literal('DateEntry'),
      minDate: dateText,
      maxDate: dateText,
    }),
    z.object({
      ...base,
      type: z.literal('Consent'),
      consentText: z
        .string({ error: 'Consent text is required' })
        .trim()
        .min(1, 'Consent text is required')
        .max(2000, 'Consent text must be at most 2000 characters'),
      linkUrl: z
        .string()
        .trim()
        .max(2000, 'Please enter a valid URL')
        .refine((value) => value === '' || isValidReviewLink(value), 'Please enter a valid URL')
        .default(''),
      linkLabel: labelText,
    }),
    z.object({
      ...base,
      type: z.literal('Ranking'),
      answerOptions: z
        .array(optionText)
        .min(2, 'Add at least two options to rank')
        .max(maxRankingOptions, `At most ${maxRankingOptions} options`),
    }),
    z.object({
      ...base,
      type: z.literal('Matrix'),
      rows: z
        .array(matrixRowSchema)
        .min(1, 'Add at least one statement')
        .max(maxMatrixRows, `At most ${maxMatrixRows} statements`),
      columns: z
        .array(
          z
            .string()
            .trim()
            .min(1, 'A column label cannot be empty')
            .max(100, 'A column label must be at most 100 characters'),
        )
        .min(2, 'Add at least two columns')
        .max(maxMatrixColumns, `At most ${maxMatrixColumns} columns`),
    }),
  ] as const;
}

function addIssue(context: z.RefinementCtx, path: string, message: string) {
  context.addIssue({ code: 'custom', path: [path], message });
}

const hasDuplicates = (values: readonly string[]) =>
  new Set(values.map((value) => value.toLowerCase())).size !== values.length;

const extraShapes = extraQuestionSchemas({});
type ExtraQuestion = z.output<(typeof extraShapes)[number]>;

/** The rules across fields of the new types: date ranges in order, options and rows distinct. */
export function checkExtraQuestion(any: { type: string }, context: z.RefinementCtx): void {
  const question = any as ExtraQuestion;
  switch (question.type) {
    case 'DateEntry':
      if (question.minDate && question.maxDate && question.minDate > question.maxDate)
        addIssue(context, 'maxDate', 'The latest date must not be before the earliest date');
      return;
    case 'Consent':
      if (question.linkLabel && !question.linkUrl)
        addIssue(context, 'linkUrl', 'Enter the link the label points to');
      return;
    case 'Ranking':
      if (hasDuplicates(question.answerOptions))
        addIssue(context, 'answerOptions', 'Each option must be different');
      return;
    case 'Matrix':
      if (new Set(question.rows.map((row) => row.id)).size !== question.rows.length)
        addIssue(context, 'rows', 'Each statement needs its own id');
      else if (hasDuplicates(question.rows.map((row) => row.text)))
        addIssue(context, 'rows', 'Each statement must be different');
      if (hasDuplicates(question.columns)) addIssue(context, 'columns', 'Each column must be different');
      return;
    default:
      return;
  }
}
