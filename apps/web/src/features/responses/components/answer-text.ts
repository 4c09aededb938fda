import {
  extraAnswerText,
  formatPropertyValue,
  matrixAnswerLines,
  readOtherAnswer,
  type SurveyAnswer,
  type SurveyQuestion,
} from '@graphium/shared';

export const questionTypeLabels: Record<SurveyQuestion['type'], string> = {
  NetPromoterScore: 'NPS',
  NumericScale: 'Numeric Scale',
  StarRatingScale: 'Star Rating',
  MultipleChoice: 'Multiple Choice',
  DropdownList: 'Dropdown',
  ShortTextEntry: 'Short Text',
  LongTextEntry: 'Long Text',
  CustomerEffortScore: 'Customer Effort Score',
  CustomerSatisfactionScore: 'CSAT',
  DateEntry: 'Date',
  Consent: 'Consent',
  Ranking: 'Ranking',
  Matrix: 'Matrix',
};

type ListLabels = Readonly<Record<string, string>>;

function choiceText(value: string, labels: ListLabels): string {
  const other = readOtherAnswer(value);
  if (other !== undefined) return `Other: ${other}`;
  return labels[value] ?? value;
}

/** How an answer reads: scales with their range, choices by label (list items too), texts as written. */
export function answerText(
  question: SurveyQuestion,
  answer: SurveyAnswer | undefined,
  labels: ListLabels = {},
): string | undefined {
  if (answer === undefined || answer === null) return undefined;
  switch (question.type) {
    case 'NetPromoterScore':
      return `${answer} out of 10`;
    case 'StarRatingScale':
      return `${answer} out of 5 stars`;
    case 'NumericScale':
      return `${answer} (scale ${question.startNumber} to ${question.endNumber})`;
    case 'MultipleChoice':
    case 'DropdownList': {
      const values = (Array.isArray(answer) ? answer : [String(answer)]).filter((value) => value !== '');
      return values.length > 0 ? values.map((value) => choiceText(value, labels)).join(', ') : undefined;
    }
    case 'DateEntry':
      // As the response's date properties read (MM/dd/yyyy).
      return typeof answer === 'string' && answer !== '' ? formatPropertyValue('Date', answer) : undefined;
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore':
    case 'Consent':
    case 'Ranking':
      return extraAnswerText(question, answer);
    case 'Matrix':
      return matrixAnswerLines(question, answer).join('\n') || undefined;
    default: {
      const text = String(answer);
      return text.trim() === '' ? undefined : text;
    }
  }
}
