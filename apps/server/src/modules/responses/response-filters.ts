import {
  checkQuestionFilter,
  emailFilterField,
  isTextQuestionType,
  languageFilterField,
  phoneFilterField,
  type ResponseFilter,
  readPropertyFilterField,
  readQuestionFilterField,
  readTextFilterField,
  type SurveyProperty,
  type SurveyQuestion,
  sentSourceValue,
  sourceFilterField,
  surveyStateFilterField,
  toPhoneDigits,
  toStoredPhone,
} from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { surveys } from '../../db/schema/index.js';
import { invalid } from '../../errors.js';
import { textFilterCondition } from '../text-analytics/text-analytics.service.js';
import { languageCondition, propertyCondition } from './property-conditions.js';

// The filters of docs/product-rules.md#responses-list-filters-paging-export as SQL conditions on `surveys`
// (semantics documented with the
// contract in packages/shared/src/survey-responses.ts). Every value is a bound parameter;
// question ids are checked against the template before they reach SQL, and are bound too.

export interface ResponseCriteria {
  templateId: string;
  workspaceId: string;
  filters: ResponseFilter[];
  sentFrom?: Date | undefined;
  sentTo?: Date | undefined;
}

export function hasCriteria(criteria: ResponseCriteria): boolean {
  return criteria.filters.length > 0 || Boolean(criteria.sentFrom) || Boolean(criteria.sentTo);
}

type TextOperator = 'contains' | 'not_contains' | 'equals' | 'not_equals' | 'starts_with' | 'ends_with';

/** The positive form of a text operator on lower-cased text, and whether it is negated. */
function textMatch(operator: TextOperator, text: SQL, value: string): { condition: SQL; negated: boolean } {
  const needle = value.toLowerCase();
  const lowered = sql`lower(${text})`;
  switch (operator) {
    case 'contains':
    case 'not_contains':
      return { condition: sql`strpos(${lowered}, ${needle}) > 0`, negated: operator === 'not_contains' };
    case 'equals':
    case 'not_equals':
      return { condition: sql`${lowered} = ${needle}`, negated: operator === 'not_equals' };
    case 'starts_with':
      return { condition: sql`left(${lowered}, ${needle.length}) = ${needle}`, negated: false };
    case 'ends_with':
      return { condition: sql`right(${lowered}, ${needle.length}) = ${needle}`, negated: false };
  }
}

function statusCondition(value: string): SQL {
  if (value === 'COMPLETE') return sql`${surveys.state} = 'COMPLETE'`;
  if (value === 'IN_PROGRESS') return sql`${surveys.state} in ('IN_PROGRESS', 'OPENED')`;
  return sql`${surveys.state} = 'SENT'`;
}

/**
 * A phone filter's value: a whole number typed the workspace's way ("0412 345 678" in Australia)
 * is read as stored (E.164, decision 021); anything else compares digits as before. A part of a
 * number (`contains`, `ends_with`) is always digits: its last six digits "012301" are no number
 * of the workspace's country, though they may read as one.
 */
function phoneFilterValue(raw: string, phoneCountry: string, operator: string): string {
  if (operator === 'contains' || operator === 'not_contains' || operator === 'ends_with')
    return toPhoneDigits(raw);
  return toStoredPhone(raw, phoneCountry) ?? toPhoneDigits(raw);
}

function contactCondition(filter: ResponseFilter, phoneCountry: string): SQL {
  const isEmail = filter.field === emailFilterField;
  const type = isEmail ? 'email' : 'phone';
  const raw = String(filter.value).trim();
  const value = isEmail ? raw : phoneFilterValue(raw, phoneCountry, filter.operator);
  const text = isEmail ? sql.raw(`contact->>'emailAddress'`) : sql.raw(`contact->>'phoneNumber'`);
  const { condition, negated } = textMatch(filter.operator as TextOperator, text, value);
  const methods = sql`jsonb_array_elements(${surveys.contactMethods}) as contact`;
  const ofType = sql`contact->>'contactMethodType' = ${type}`;
  if (!negated) return sql`exists (select 1 from ${methods} where ${ofType} and ${condition})`;
  return sql`(exists (select 1 from ${methods} where ${ofType}) and not exists (select 1 from ${methods} where ${ofType} and ${condition}))`;
}

const numericSql: Record<string, string> = {
  equals: '=',
  not_equals: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/**
 * Where a question filter reads the answers: the survey's `responses` by question id, or a
 * narrow summary row's `answers` by question number (decision 046). The conditions are the same
 * SQL over either, so both answer alike.
 */
export interface AnswerSource {
  /** The answer as jsonb. */
  answer: (questionId: string) => SQL;
  /** The answer as text (`->>`). */
  text: (questionId: string) => SQL;
  /** Whether the answers contain `{ [question]: value }`. */
  holds: (questionId: string, value: unknown) => SQL;
}

const surveyAnswers: AnswerSource = {
  answer: (questionId) => sql`(${surveys.responses} -> ${questionId})`,
  text: (questionId) => sql`${surveys.responses} ->> ${questionId}`,
  holds: (questionId, value) =>
    sql`${surveys.responses} @> ${JSON.stringify({ [questionId]: value })}::jsonb`,
};

export function questionCondition(
  question: SurveyQuestion,
  filter: ResponseFilter,
  source: AnswerSource = surveyAnswers,
): SQL {
  const answer = source.answer(question.id);
  switch (question.type) {
    case 'NetPromoterScore':
    case 'StarRatingScale':
    case 'NumericScale':
    case 'CustomerEffortScore':
    case 'CustomerSatisfactionScore': {
      const value = Number(filter.value);
      // Containment can use an index on the answers; the others compare the number.
      if (filter.operator === 'equals') return source.holds(question.id, value);
      const number = sql`(case when jsonb_typeof(${answer}) = 'number' then (${answer})::numeric end)`;
      return sql`${number} ${sql.raw(numericSql[filter.operator]!)} ${value}`;
    }
    case 'MultipleChoice':
    case 'DropdownList': {
      const value = String(filter.value);
      const isChosen = source.holds(question.id, question.type === 'MultipleChoice' ? [value] : value);
      if (filter.operator === 'is') return isChosen;
      const isAnswered = sql`coalesce(${answer}, 'null'::jsonb) not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)`;
      return sql`(${isAnswered} and not ${isChosen})`;
    }
    // Decision 027: a matrix by its rows' mean, a date as a date, a ranking by its first option,
    // a consent given or not (the one filter that matches surveys without the answer).
    case 'Matrix': {
      const mean = sql`(case when jsonb_typeof(${answer}) = 'object' then (select avg(cell.value::numeric) from jsonb_each_text(${answer}) as cell) end)`;
      return sql`${mean} ${sql.raw(numericSql[filter.operator]!)} ${Number(filter.value)}`;
    }
    case 'DateEntry': {
      const text = source.text(question.id);
      const date = sql`(case when jsonb_typeof(${answer}) = 'string' and ${text} <> '' then ${text} end)`;
      // As dates, not text: a collation may order text otherwise.
      return sql`(${date})::date ${sql.raw(numericSql[filter.operator]!)} ${String(filter.value).trim()}::date`;
    }
    case 'Ranking': {
      const first = sql`(case when jsonb_typeof(${answer}) = 'array' then ${answer} ->> 0 end)`;
      return filter.operator === 'is'
        ? sql`${first} = ${String(filter.value)}`
        : sql`${first} <> ${String(filter.value)}`;
    }
    case 'Consent': {
      const given = source.holds(question.id, true);
      return filter.operator === 'is' ? given : sql`not (${given})`;
    }
    default: {
      const text = sql`(case when jsonb_typeof(${answer}) = 'string' then ${source.text(question.id)} end)`;
      const { condition, negated } = textMatch(
        filter.operator as TextOperator,
        text,
        String(filter.value).trim(),
      );
      if (!negated) return condition;
      return sql`(btrim(${text}) <> '' and not ${condition})`;
    }
  }
}

/**
 * The conditions of a responses query: the template (of the actor's workspace), the date range
 * and the filters. A filter on a question the template does not have, or one that does not fit
 * its question, is refused (400) naming the problem.
 */
export function buildCriteriaConditions(
  criteria: ResponseCriteria,
  questionsById: ReadonlyMap<string, SurveyQuestion>,
  phoneCountry = 'US',
  propertiesById: ReadonlyMap<string, SurveyProperty> = new Map(),
): SQL[] {
  const conditions: SQL[] = [
    sql`${surveys.templateId} = ${criteria.templateId}`,
    sql`${surveys.workspaceId} = ${criteria.workspaceId}`,
  ];
  if (criteria.sentFrom)
    conditions.push(sql`${surveys.sentAt} >= ${criteria.sentFrom.toISOString()}::timestamptz`);
  if (criteria.sentTo)
    conditions.push(sql`${surveys.sentAt} < ${criteria.sentTo.toISOString()}::timestamptz`);
  criteria.filters.forEach((filter, index) => {
    if (filter.field === surveyStateFilterField) {
      const condition = statusCondition(String(filter.value));
      conditions.push(filter.operator === 'is' ? condition : sql`not (${condition})`);
      return;
    }
    if (filter.field === emailFilterField || filter.field === phoneFilterField) {
      conditions.push(contactCondition(filter, phoneCountry));
      return;
    }
    if (filter.field === sourceFilterField) {
      // Sent surveys have no source link (docs/decisions/024-public-links.md).
      const condition =
        filter.value === sentSourceValue
          ? sql`${surveys.sourceLinkId} is null`
          : sql`${surveys.sourceLinkId} is not distinct from ${String(filter.value)}::uuid`;
      conditions.push(filter.operator === 'is' ? condition : sql`not (${condition})`);
      return;
    }
    if (filter.field === languageFilterField) {
      conditions.push(languageCondition(filter));
      return;
    }
    const propertyId = readPropertyFilterField(filter.field);
    if (propertyId !== undefined) {
      conditions.push(propertyCondition(propertiesById.get(propertyId), propertyId, filter, index));
      return;
    }
    // Sentiment and keyword filters on text questions (docs/decisions/030-text-analytics.md).
    const textFilter = readTextFilterField(filter.field);
    if (textFilter) {
      const question = questionsById.get(textFilter.questionId);
      if (!question || !isTextQuestionType(question.type)) {
        throw invalid(`filters: the template has no text question ${textFilter.questionId}`, {
          [`filters.${index}.field`]: 'This text question is not in the template',
        });
      }
      const { kind, questionId } = textFilter;
      conditions.push(textFilterCondition(kind, questionId, filter.operator, String(filter.value)));
      return;
    }
    const questionId = readQuestionFilterField(filter.field) ?? '';
    const question = questionsById.get(questionId);
    if (!question) {
      throw invalid(`filters: the template has no question ${questionId}`, {
        [`filters.${index}.field`]: 'This question is not in the template',
      });
    }
    const problem = checkQuestionFilter(question, filter);
    if (problem) throw invalid(`filters: ${problem}`, { [`filters.${index}`]: problem });
    conditions.push(questionCondition(question, filter));
  });
  return conditions;
}
