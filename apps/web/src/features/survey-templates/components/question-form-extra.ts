import {
  csatDisplays,
  type QuestionType,
  type SurveyQuestion,
  type SurveyQuestionInput,
} from '@graphium/shared';
import { z } from 'zod';
import { newId } from './new-id';

// The Add/Edit Question form's fields for the added question types (decision 027). Ranking
// options, matrix statements and columns are typed one per line: statements often hold commas.

export const extraFormShape = {
  display: z.enum(csatDisplays),
  minDate: z.string(),
  maxDate: z.string(),
  consentText: z.string(),
  linkUrl: z.string(),
  linkLabel: z.string(),
  rankingOptions: z.string(),
  matrixRows: z.string(),
  matrixColumns: z.string(),
  /** The statements as last saved, so an unchanged statement keeps its id (its answers' key). */
  savedRows: z.array(z.object({ id: z.string(), text: z.string() })),
};
type ExtraFormValues = z.input<z.ZodObject<typeof extraFormShape>>;

const likertColumns = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];

export function extraFormDefaults(): ExtraFormValues {
  return {
    display: 'faces',
    minDate: '',
    maxDate: '',
    consentText: '',
    linkUrl: '',
    linkLabel: '',
    rankingOptions: '',
    matrixRows: '',
    matrixColumns: likertColumns.join('\n'),
    savedRows: [],
  };
}

/** One entry per line, trimmed, empties dropped. */
export function parseLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Statements with ids: a statement whose text is unchanged keeps its id; an edited one takes the
 * id of the statement it replaced at its position; a new one gets a new id.
 */
export function matrixRowsOf(lines: readonly string[], saved: readonly { id: string; text: string }[]) {
  const used = new Set<string>();
  const ids = lines.map((text) => {
    const same = saved.find((row) => row.text === text && !used.has(row.id));
    if (same) used.add(same.id);
    return same?.id;
  });
  return lines.map((text, index) => {
    let id = ids[index];
    if (!id) {
      const atPosition = saved[index];
      const isFree = atPosition && !used.has(atPosition.id) && !lines.includes(atPosition.text);
      id = isFree ? atPosition.id : `row-${newId().slice(0, 8)}`;
      used.add(id);
    }
    return { id, text };
  });
}

type Common = Omit<
  Extract<SurveyQuestionInput, { type: 'Consent' }>,
  'type' | 'consentText' | 'linkUrl' | 'linkLabel'
>;

export function extraQuestionInput(
  form: ExtraFormValues & { type: QuestionType; startLabel: string; endLabel: string },
  common: Common,
): SurveyQuestionInput {
  switch (form.type) {
    case 'CustomerEffortScore':
      return { ...common, type: form.type, startLabel: form.startLabel, endLabel: form.endLabel };
    case 'CustomerSatisfactionScore':
      return {
        ...common,
        type: form.type,
        display: form.display,
        startLabel: form.startLabel,
        endLabel: form.endLabel,
      };
    case 'DateEntry':
      return { ...common, type: form.type, minDate: form.minDate, maxDate: form.maxDate };
    case 'Consent':
      return {
        ...common,
        type: form.type,
        consentText: form.consentText,
        linkUrl: form.linkUrl,
        linkLabel: form.linkLabel,
      };
    case 'Ranking':
      return { ...common, type: form.type, answerOptions: parseLines(form.rankingOptions) };
    default:
      return {
        ...common,
        type: 'Matrix',
        rows: matrixRowsOf(parseLines(form.matrixRows), form.savedRows),
        columns: parseLines(form.matrixColumns),
      };
  }
}

/** Fills the form's fields of a new type from the question being edited. */
export function extraFormValuesOf(
  question: SurveyQuestion,
  values: ExtraFormValues & { startLabel: string; endLabel: string },
) {
  switch (question.type) {
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore':
      values.startLabel = question.startLabel;
      values.endLabel = question.endLabel;
      if (question.type === 'CustomerSatisfactionScore') values.display = question.display;
      break;
    case 'DateEntry':
      values.minDate = question.minDate;
      values.maxDate = question.maxDate;
      break;
    case 'Consent':
      values.consentText = question.consentText;
      values.linkUrl = question.linkUrl;
      values.linkLabel = question.linkLabel;
      break;
    case 'Ranking':
      values.rankingOptions = question.answerOptions.join('\n');
      break;
    case 'Matrix':
      values.matrixRows = question.rows.map((row) => row.text).join('\n');
      values.matrixColumns = question.columns.join('\n');
      values.savedRows = question.rows;
      break;
    default:
      break;
  }
}
