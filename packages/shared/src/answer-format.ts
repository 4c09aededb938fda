import { isMatrixAnswer, matrixRowValues } from './question-answer-rules.js';
import type { SurveyQuestion } from './survey-definition.js';

// How answers to the question types added by decision 027 read in a response, an alert and an export
// (decision 027). The seven older types keep their own wording where they are shown.

export const consentGivenText = 'Consent given';

/** "Statement: Column" for each answered statement of a matrix, in the question's order. */
export function matrixAnswerLines(question: Extract<SurveyQuestion, { type: 'Matrix' }>, answer: unknown) {
  const textOf = new Map(question.rows.map((row) => [row.id, row.text]));
  return matrixRowValues(question, answer).map(
    (row) => `${textOf.get(row.rowId)}: ${question.columns[row.value - 1]}`,
  );
}

/** An answer to one of the new types as one line of text; undefined when none or another type. */
export function extraAnswerText(question: SurveyQuestion, answer: unknown): string | undefined {
  if (answer === undefined || answer === null) return undefined;
  switch (question.type) {
    case 'CustomerEffortScore':
      return typeof answer === 'number' ? `${answer} out of 7` : undefined;
    case 'CustomerSatisfactionScore':
      return typeof answer === 'number' ? `${answer} out of 5` : undefined;
    case 'DateEntry':
      return typeof answer === 'string' && answer !== '' ? answer : undefined;
    case 'Consent':
      return answer === true ? consentGivenText : undefined;
    case 'Ranking':
      return Array.isArray(answer) && answer.length > 0
        ? answer.map((option, index) => `${index + 1}. ${option}`).join(', ')
        : undefined;
    case 'Matrix': {
      if (!isMatrixAnswer(answer)) return undefined;
      const lines = matrixAnswerLines(question, answer);
      return lines.length > 0 ? lines.join('; ') : undefined;
    }
    default:
      return undefined;
  }
}
