import {
  choiceFilterOperators,
  clampToScale,
  consentGivenText,
  emailFilterField,
  phoneFilterField,
  questionFilterField,
  questionFilterOperators,
  type ResponseFilter,
  type ResponseFilterOperator,
  type ResponseStatusValue,
  readOtherAnswer,
  readQuestionFilterField,
  readTextFilterField,
  responseFilterOperatorLabels,
  responseStatusLabels,
  responseStatusValues,
  type SurveyProperty,
  type SurveyQuestion,
  scaleRange,
  sentSourceLabel,
  sentSourceValue,
  sourceFilterField,
  surveyStateFilterField,
  textFilterOperators,
  textSentimentLabels,
  toPhoneDigits,
} from '@graphium/shared';
import { describePropertyFilter } from './property-filter-rules';

// The Filter Responses rules (docs/product-rules.md#responses-list-filters-paging-export): which operators
// each filter offers, clamping of numeric
// values, one filter per id (adding replaces), and filters with an empty value never sent. A
// filter's id is its field: `surveyState`, the contact fields, `surveyResponses.{questionId}`.

type FilterCategory = 'status' | 'contact' | 'source' | 'questions' | 'property' | 'language';

/** A public link responses may come from (decision 024). */
export type ResponseSource = { publicLinkId: string; name: string };
export type ContactKind = 'email' | 'phone';

const contactFields: Record<ContactKind, string> = {
  email: emailFilterField,
  phone: phoneFilterField,
};
export const contactLabels: Record<ContactKind, string> = { email: 'Email', phone: 'Phone' };

export const statusOperators = choiceFilterOperators;
export const contactOperators = textFilterOperators;

export function operatorOptions(operators: readonly ResponseFilterOperator[]) {
  return operators.map((operator) => ({ value: operator, label: responseFilterOperatorLabels[operator] }));
}

export const statusOptions = responseStatusValues.map((value) => ({
  value,
  label: responseStatusLabels[value],
}));

/**
 * A filter with something to compare against; the others are not sent
 * (docs/product-rules.md#responses-list-filters-paging-export).
 */
export function isCompleteFilter(filter: ResponseFilter): boolean {
  return typeof filter.value === 'number' ? Number.isFinite(filter.value) : filter.value.trim() !== '';
}

/**
 * Adds a filter, replacing the one with the same id
 * (docs/product-rules.md#responses-list-filters-paging-export: each id is active once).
 */
export function upsertFilter(filters: readonly ResponseFilter[], filter: ResponseFilter): ResponseFilter[] {
  const index = filters.findIndex((item) => item.field === filter.field);
  if (index < 0) return [...filters, filter];
  return filters.map((item, position) => (position === index ? filter : item));
}

export function removeFilter(filters: readonly ResponseFilter[], field: string): ResponseFilter[] {
  return filters.filter((item) => item.field !== field);
}

/** The status filter: needs a selection. */
export function buildStatusFilter(
  operator: ResponseFilterOperator,
  value: ResponseStatusValue | '',
): ResponseFilter | undefined {
  return value ? { field: surveyStateFilterField, operator, value } : undefined;
}

/** The source filter: "Sent" or a public link. */
export function buildSourceFilter(
  operator: ResponseFilterOperator,
  value: string,
): ResponseFilter | undefined {
  return value ? { field: sourceFilterField, operator, value } : undefined;
}

export function sourceOptions(sources: readonly ResponseSource[]) {
  return [
    { value: sentSourceValue, label: sentSourceLabel },
    ...sources.map((source) => ({ value: source.publicLinkId, label: source.name })),
  ];
}

/** An e-mail or phone filter: a text operator and a non-empty value. */
export function buildContactFilter(
  kind: ContactKind,
  operator: ResponseFilterOperator,
  value: string,
): ResponseFilter | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  if (kind === 'phone' && toPhoneDigits(trimmed) === '') return undefined;
  return { field: contactFields[kind], operator, value: trimmed };
}

/**
 * What a numeric value input holds after typing: clamped to the question's scale (NPS 0-10,
 * stars 1-5, numeric start-end) once it reads as a number; anything else is left to finish.
 */
export function clampFilterInput(question: SurveyQuestion, text: string): string {
  if (!scaleRange(question) || text.trim() === '' || text.trim() === '-') return text;
  const number = Number(text);
  return Number.isFinite(number) ? String(clampToScale(question, number)) : text;
}

/** A question filter: an operator the question's type offers and a value (numbers clamped). */
export function buildQuestionFilter(
  question: SurveyQuestion,
  operator: ResponseFilterOperator | '',
  value: string,
): ResponseFilter | undefined {
  if (!operator || !questionFilterOperators(question.type).includes(operator)) return undefined;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const field = questionFilterField(question.id);
  if (scaleRange(question)) {
    const number = Number(trimmed);
    if (!Number.isFinite(number)) return undefined;
    return { field, operator, value: clampToScale(question, number) };
  }
  return { field, operator, value: trimmed };
}

export type FilterDescription = {
  id: string;
  category: FilterCategory;
  label: string;
  operatorLabel: string;
  displayValue: string;
};

/** How an answer value reads: list item ids as their labels, "Other: …" as written. */
function choiceValueLabel(value: string, listLabels: Readonly<Record<string, string>> = {}): string {
  if (readOtherAnswer(value) !== undefined) return value;
  return listLabels[value] ?? value;
}

/** A filter as its chip shows it: "Status is Completed", "NPS greater than 8". */
export function describeFilter(
  filter: ResponseFilter,
  questions: readonly SurveyQuestion[],
  listLabels: Readonly<Record<string, Record<string, string>>> = {},
  sources: readonly ResponseSource[] = [],
  properties: readonly SurveyProperty[] = [],
): FilterDescription {
  const byProperty = describePropertyFilter(filter, properties, listLabels);
  if (byProperty) return byProperty;
  const operatorLabel = responseFilterOperatorLabels[filter.operator];
  const value = String(filter.value);
  if (filter.field === surveyStateFilterField) {
    const displayValue = responseStatusLabels[value as ResponseStatusValue] ?? value;
    return { id: filter.field, category: 'status', label: 'Status', operatorLabel, displayValue };
  }
  if (filter.field === emailFilterField || filter.field === phoneFilterField) {
    const label = filter.field === emailFilterField ? contactLabels.email : contactLabels.phone;
    return { id: filter.field, category: 'contact', label, operatorLabel, displayValue: value };
  }
  if (filter.field === sourceFilterField) {
    const displayValue =
      sourceOptions(sources).find((option) => option.value === value)?.label ?? 'a removed link';
    return { id: filter.field, category: 'source', label: 'Source', operatorLabel, displayValue };
  }
  // Decision 030: "Comments sentiment is Negative", "Comments keyword contains slow delivery".
  const textFilter = readTextFilterField(filter.field);
  if (textFilter) {
    const label = questions.find((item) => item.id === textFilter.questionId)?.label ?? 'Removed question';
    const isSentiment = textFilter.kind === 'sentiment';
    return {
      id: filter.field,
      category: 'questions',
      label: `${label} ${isSentiment ? 'sentiment' : 'keyword'}`,
      operatorLabel,
      displayValue: isSentiment
        ? (textSentimentLabels[value as keyof typeof textSentimentLabels] ?? value)
        : value,
    };
  }
  const questionId = readQuestionFilterField(filter.field);
  const question = questions.find((item) => item.id === questionId);
  const labels =
    question && 'listId' in question && question.listId ? listLabels[question.listId] : undefined;
  return {
    id: filter.field,
    category: 'questions',
    label: question?.label ?? 'Removed question',
    operatorLabel,
    displayValue: extraFilterValueLabel(question, value) ?? choiceValueLabel(value, labels),
  };
}

/** Decision 027: a consent filter reads "Consent given", a ranking's names the first place. */
function extraFilterValueLabel(question: SurveyQuestion | undefined, value: string): string | undefined {
  if (question?.type === 'Consent') return consentGivenText;
  if (question?.type === 'Ranking') return `${value} (ranked first)`;
  return undefined;
}

export function filterSentence(description: FilterDescription): string {
  return `${description.label} ${description.operatorLabel} ${description.displayValue}`;
}
