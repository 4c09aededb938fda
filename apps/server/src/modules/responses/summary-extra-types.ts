import { type AnswerCount, consentGivenText, type QuestionType, type SurveyQuestion } from '@graphium/shared';
import { matrixAnswerValue } from './response-aggregates.service.js';

// The summary of the added question types (decision 027), from the same counted values as
// the others (summaryAnswerValues): a ranking counts first places by option, a date by month, a
// consent its ticks, a matrix each statement's columns.

/** Types whose counted values the filtered summary reads from whole answers (not item by item). */
export function countsWholeAnswers(type: QuestionType): boolean {
  return type === 'Matrix' || type === 'Ranking' || type === 'DateEntry' || type === 'Consent';
}

/** The text a summary shows for a counted value of a new type; undefined for the other types. */
export function extraAnswerLabel(question: SurveyQuestion, value: string): string | undefined {
  if (question.type === 'Consent') return consentGivenText;
  if (question.type === 'Matrix') {
    const [rowId, column] = value.split(':');
    const row = question.rows.find((item) => item.id === rowId);
    return `${row?.text ?? rowId}: ${question.columns[Number(column) - 1] ?? column}`;
  }
  return undefined;
}

const entry = (value: string, label: string, counts: ReadonlyMap<string, number>): AnswerCount => ({
  value,
  label,
  count: counts.get(value) ?? 0,
});

/** The distribution of a new type, or undefined for the others (and the CES and CSAT scales). */
export function extraDistribution(
  question: SurveyQuestion,
  counts: ReadonlyMap<string, number>,
): AnswerCount[] | undefined {
  switch (question.type) {
    case 'Ranking':
      return question.answerOptions.map((option) => entry(option, option, counts));
    case 'Consent':
      return [entry('true', consentGivenText, counts)];
    case 'DateEntry':
      return [...counts.keys()].sort().map((month) => entry(month, month, counts));
    case 'Matrix':
      return [];
    default:
      return undefined;
  }
}

/** Each statement of a matrix: its mean on 0..100 and how often each column was chosen. */
export function matrixRowSummaries(
  question: Extract<SurveyQuestion, { type: 'Matrix' }>,
  counts: ReadonlyMap<string, number>,
) {
  const columns = question.columns.length;
  return question.rows.map((row) => {
    const distribution = question.columns.map((label, index) =>
      entry(matrixAnswerValue(row.id, index + 1), label, counts),
    );
    const total = distribution.reduce((sum, item) => sum + item.count, 0);
    const weighted = distribution.reduce((sum, item, index) => sum + item.count * index, 0);
    return {
      rowId: row.id,
      label: row.text,
      totalResponses: total,
      percentage: total > 0 && columns > 1 ? (weighted / total / (columns - 1)) * 100 : null,
      distribution,
    };
  });
}
