import type { QuestionType, SurveyQuestion } from '@graphium/shared';

/**
 * Type badges (docs/product-rules.md#properties-and-questions: Text, Textarea, Radio, Dropdown, NPS, Scale,
 * Stars).
 */
export const questionTypeBadges: Record<QuestionType, string> = {
  ShortTextEntry: 'Text',
  LongTextEntry: 'Textarea',
  MultipleChoice: 'Radio',
  DropdownList: 'Dropdown',
  NetPromoterScore: 'NPS',
  NumericScale: 'Scale',
  StarRatingScale: 'Stars',
  CustomerEffortScore: 'CES',
  CustomerSatisfactionScore: 'CSAT',
  DateEntry: 'Date',
  Consent: 'Consent',
  Ranking: 'Ranking',
  Matrix: 'Matrix',
};

/** The names in the question type picker. */
export const questionTypeNames: Record<QuestionType, string> = {
  NetPromoterScore: 'Net Promoter Score (NPS)',
  NumericScale: 'Numeric Scale',
  StarRatingScale: 'Star Rating',
  MultipleChoice: 'Multiple Choice',
  DropdownList: 'Dropdown List',
  ShortTextEntry: 'Short Text',
  LongTextEntry: 'Long Text',
  CustomerEffortScore: 'Customer Effort Score (CES)',
  CustomerSatisfactionScore: 'Customer Satisfaction (CSAT)',
  DateEntry: 'Date',
  Consent: 'Consent',
  Ranking: 'Ranking',
  Matrix: 'Matrix (Likert)',
};

/** The scales with a start and an end label. */
export const scaleTypes: readonly QuestionType[] = [
  'NetPromoterScore',
  'NumericScale',
  'StarRatingScale',
  'CustomerEffortScore',
  'CustomerSatisfactionScore',
];

export function isChoice(
  question: SurveyQuestion,
): question is Extract<SurveyQuestion, { type: 'MultipleChoice' | 'DropdownList' }> {
  return question.type === 'MultipleChoice' || question.type === 'DropdownList';
}

function dateRangeText(minDate: string, maxDate: string): string {
  if (minDate && maxDate) return `From ${minDate} to ${maxDate}`;
  if (minDate) return `From ${minDate}`;
  if (maxDate) return `Until ${maxDate}`;
  return 'Any date';
}

function ends(start: string, startLabel: string, end: string, endLabel: string): string {
  return `${start} = ${startLabel || start}, ${end} = ${endLabel || end}`;
}

/**
 * A question card's summary line (docs/product-rules.md#properties-and-questions): numeric 'start = label,
 * end = label'; NPS
 * '0 = start label, 10 = end label'; stars 'start label to end label'; choices 'N options';
 * '• Score: N%' when the question counts in the composite score.
 */
export function questionSummary(question: SurveyQuestion, listName?: string): string {
  const parts: string[] = [];
  switch (question.type) {
    case 'NumericScale':
      parts.push(
        ends(
          String(question.startNumber),
          question.startLabel,
          String(question.endNumber),
          question.endLabel,
        ),
      );
      break;
    case 'NetPromoterScore':
      parts.push(ends('0', question.startLabel, '10', question.endLabel));
      break;
    case 'StarRatingScale':
      parts.push(`${question.startLabel || '1 star'} to ${question.endLabel || '5 stars'}`);
      break;
    case 'CustomerEffortScore':
      parts.push(ends('1', question.startLabel, '7', question.endLabel));
      break;
    case 'CustomerSatisfactionScore':
      parts.push(
        `${question.display === 'faces' ? 'Faces' : 'Stars'}: ${question.startLabel || '1'} to ${question.endLabel || '5'}`,
      );
      break;
    case 'DateEntry':
      parts.push(dateRangeText(question.minDate, question.maxDate));
      break;
    case 'Consent':
      parts.push(question.linkUrl ? 'Tick box with a link' : 'Tick box');
      break;
    case 'Ranking':
      parts.push(`${question.answerOptions.length} options to rank`);
      break;
    case 'Matrix':
      parts.push(
        `${question.rows.length} ${question.rows.length === 1 ? 'statement' : 'statements'} × ${question.columns.length} columns`,
      );
      break;
    case 'MultipleChoice':
    case 'DropdownList':
      if (question.listId) {
        parts.push(listName ? `Options from the list ${listName}` : 'Options from a list');
      } else {
        const count = question.answerOptions?.length ?? 0;
        parts.push(count === 1 ? '1 option' : `${count} options`);
      }
      break;
    default:
      break;
  }
  const summary = parts.join('');
  if (!question.compositeScore.enabled) return summary;
  const score = `• Score: ${question.compositeScore.value}%`;
  return summary ? `${summary} ${score}` : score;
}
