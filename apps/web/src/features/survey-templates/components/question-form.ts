import {
  isScoredQuestionType,
  type QuestionType,
  questionTypeSchema,
  type SurveyQuestion,
  type SurveyQuestionInput,
  surveyQuestionSchema,
} from '@graphium/shared';
import { z } from 'zod';
import { newId } from './new-id';
import {
  extraFormDefaults,
  extraFormShape,
  extraFormValuesOf,
  extraQuestionInput,
} from './question-form-extra';

/**
 * The Add/Edit Question form holds what the user types (options as one comma-separated text,
 * numbers as text); `questionFormSchema` turns it into a question and checks it with the shared
 * question rules, so the messages are the shared ones ('Question text is required', ...).
 */
const questionFormShape = z.object({
  id: z.string(),
  type: questionTypeSchema,
  question: z.string(),
  label: z.string(),
  category: z.string(),
  validation: z.object({ required: z.boolean() }),
  startLabel: z.string(),
  endLabel: z.string(),
  startNumber: z.string(),
  endNumber: z.string(),
  placeholderText: z.string(),
  multiSelect: z.boolean(),
  includeOtherOption: z.boolean(),
  /**
   * docs/product-rules.md#properties-and-questions: options are typed or come from a list; switching clears
   * the other.
   */
  optionSource: z.enum(['manual', 'list']),
  answerOptions: z.string(),
  listId: z.string(),
  compositeScore: z.object({ enabled: z.boolean(), value: z.string() }),
  /** Kept as it is: text questions' length limit has no field in the form. */
  maxLength: z.number().optional(),
  ...extraFormShape,
});
export type QuestionFormValues = z.input<typeof questionFormShape>;

/** docs/product-rules.md#properties-and-questions: comma-separated, trimmed, empties dropped. */
export function parseOptions(text: string): string[] {
  return text
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
}

/** docs/product-rules.md#properties-and-questions: the score value parsed as a number, falling back to 0. */
function parseScore(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

function toQuestionInput(form: QuestionFormValues): SurveyQuestionInput {
  const isScale = isScoredQuestionType(form.type);
  const common = {
    id: form.id,
    question: form.question,
    label: form.label,
    category: form.category,
    validation: { required: form.validation.required },
    endSurveyValue: '' as const,
    compositeScore:
      isScale && form.compositeScore.enabled
        ? { enabled: true, value: parseScore(form.compositeScore.value) }
        : { enabled: false, value: 0 },
    active: true,
  };
  const source =
    form.optionSource === 'list'
      ? { listId: form.listId || undefined }
      : { answerOptions: parseOptions(form.answerOptions) };
  switch (form.type) {
    case 'NetPromoterScore':
    case 'StarRatingScale':
      return { ...common, type: form.type, startLabel: form.startLabel, endLabel: form.endLabel };
    case 'NumericScale':
      return {
        ...common,
        type: form.type,
        startNumber: optionalNumber(form.startNumber),
        endNumber: optionalNumber(form.endNumber),
        startLabel: form.startLabel,
        endLabel: form.endLabel,
      };
    case 'MultipleChoice':
      return {
        ...common,
        type: form.type,
        multiSelect: form.multiSelect,
        includeOtherOption: form.includeOtherOption,
        ...source,
      };
    case 'DropdownList':
      return {
        ...common,
        type: form.type,
        placeholderText: form.placeholderText,
        includeOtherOption: form.includeOtherOption,
        ...source,
      };
    case 'ShortTextEntry':
    case 'LongTextEntry':
      return { ...common, type: form.type, placeholderText: form.placeholderText, maxLength: form.maxLength };
    default:
      return extraQuestionInput(form, common);
  }
}

export const questionFormSchema = questionFormShape.transform(toQuestionInput).pipe(surveyQuestionSchema);

export function formValuesOf(question: SurveyQuestion | undefined, type: QuestionType = 'NetPromoterScore') {
  const values: QuestionFormValues = {
    id: question?.id ?? newId(),
    type: question?.type ?? type,
    question: question?.question ?? '',
    label: question?.label ?? '',
    category: question?.category ?? '',
    validation: { required: question?.validation.required ?? false },
    startLabel: '',
    endLabel: '',
    startNumber: '1',
    endNumber: '10',
    placeholderText: '',
    multiSelect: false,
    includeOtherOption: false,
    optionSource: 'manual',
    answerOptions: '',
    listId: '',
    compositeScore: {
      enabled: question?.compositeScore.enabled ?? false,
      value: String(question?.compositeScore.value ?? 0),
    },
    ...extraFormDefaults(),
  };
  if (!question) return values;
  extraFormValuesOf(question, values);
  switch (question.type) {
    case 'NumericScale':
      values.startNumber = String(question.startNumber);
      values.endNumber = String(question.endNumber);
      values.startLabel = question.startLabel;
      values.endLabel = question.endLabel;
      break;
    case 'NetPromoterScore':
    case 'StarRatingScale':
      values.startLabel = question.startLabel;
      values.endLabel = question.endLabel;
      break;
    case 'MultipleChoice':
    case 'DropdownList':
      if (question.type === 'MultipleChoice') values.multiSelect = question.multiSelect;
      else values.placeholderText = question.placeholderText;
      values.includeOtherOption = question.includeOtherOption;
      values.optionSource = question.listId ? 'list' : 'manual';
      values.listId = question.listId ?? '';
      values.answerOptions = (question.answerOptions ?? []).join(', ');
      break;
    case 'ShortTextEntry':
    case 'LongTextEntry':
      values.placeholderText = question.placeholderText;
      values.maxLength = question.maxLength;
      break;
  }
  return values;
}
