import {
  isTextQuestionType,
  type ResponseFilter,
  readQuestionFilterField,
  surveyStateFilterField,
} from '@graphium/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { surveySummaryRows, surveys } from '../../db/schema/index.js';
import { type AnswerSource, questionCondition, type ResponseCriteria } from './response-filters.js';
import { findQuestionNumbers } from './summary-rows.repository.js';
import type { TemplateContext } from './template-context.js';

// Which filtered summaries read the narrow rows, and their conditions there
// (docs/decisions/046-narrow-answer-table.md).

export interface SummaryRowsPlan {
  /** Conditions on `survey_summary_rows`: the completed surveys that match. */
  conditions: SQL[];
  /** A count of the matching surveys not completed, read from `surveys`; none with "Completed". */
  openCount: SQL | undefined;
  /** The template's question numbers, by question id. */
  numbers: Map<string, number>;
}

const isCompletedFilter = (filter: ResponseFilter) =>
  filter.field === surveyStateFilterField && filter.operator === 'is' && filter.value === 'COMPLETE';

/**
 * The plan of a filtered summary over the narrow rows, or undefined when a filter needs the
 * surveys: the rows answer the date range, "Completed" and the question filters on every type but
 * texts (whose answers they do not keep), by the same SQL as over the surveys with the answer
 * read by number. A template with a question that was a text in one version and is not in
 * another reads the surveys: the rows of the text version kept no answer to count.
 */
export async function planSummaryRows(
  db: Executor,
  template: TemplateContext,
  criteria: ResponseCriteria,
  surveyConditions: SQL[],
): Promise<SummaryRowsPlan | undefined> {
  const isReadable = criteria.filters.every((filter) => {
    if (isCompletedFilter(filter)) return true;
    const question = template.questionsById.get(readQuestionFilterField(filter.field) ?? '');
    return question !== undefined && !isTextQuestionType(question.type);
  });
  const hasChangedType = template.questions.some(
    (question) => !isTextQuestionType(question.type) && template.textQuestionIds.has(question.id),
  );
  if (!isReadable || hasChangedType) return undefined;
  const numbers = await findQuestionNumbers(db, template.templateId);
  // An unnumbered question has no completed answer: key 0 is never a question's.
  const key = (questionId: string) => String(numbers.get(questionId) ?? 0);
  const rowAnswers: AnswerSource = {
    answer: (questionId) => sql`(${surveySummaryRows.answers} -> ${key(questionId)})`,
    text: (questionId) => sql`${surveySummaryRows.answers} ->> ${key(questionId)}`,
    holds: (questionId, value) =>
      sql`${surveySummaryRows.answers} @> ${JSON.stringify({ [key(questionId)]: value })}::jsonb`,
  };
  const conditions: SQL[] = [sql`${surveySummaryRows.templateId} = ${template.templateId}`];
  if (criteria.sentFrom)
    conditions.push(sql`${surveySummaryRows.sentAt} >= ${criteria.sentFrom.toISOString()}::timestamptz`);
  if (criteria.sentTo)
    conditions.push(sql`${surveySummaryRows.sentAt} < ${criteria.sentTo.toISOString()}::timestamptz`);
  for (const filter of criteria.filters) {
    if (isCompletedFilter(filter)) continue;
    const question = template.questionsById.get(readQuestionFilterField(filter.field) ?? '')!;
    conditions.push(questionCondition(question, filter, rowAnswers));
  }
  return { conditions, openCount: openCountOf(criteria, template, surveyConditions), numbers };
}

/**
 * The matching surveys not completed. Only surveys being answered have answers (SENT and OPENED
 * ones have none, decision 034's list count), so unless a filter matches surveys without an
 * answer (a consent not given) or there is no question filter, only those are read, through
 * their index; otherwise the template's open surveys of the period.
 */
function openCountOf(criteria: ResponseCriteria, template: TemplateContext, conditions: SQL[]) {
  if (criteria.filters.some(isCompletedFilter)) return undefined;
  const needsAnswers =
    criteria.filters.length > 0 &&
    criteria.filters.every((filter) => {
      const question = template.questionsById.get(readQuestionFilterField(filter.field) ?? '');
      return !(question?.type === 'Consent' && filter.operator !== 'is');
    });
  const state = needsAnswers ? sql`${surveys.state} = 'IN_PROGRESS'` : sql`${surveys.state} <> 'COMPLETE'`;
  return sql`(select count(*) from ${surveys} where ${and(...conditions, state)})`;
}
