import { isScoredQuestionType, type ResponseFilter, readTextFilterField } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { surveys } from '../../db/schema/index.js';
import { countTextFilterMatches, keywordAnswerSurveys } from '../text-analytics/text-analytics.service.js';
import { otherAnswerValue } from './response-aggregates.service.js';
import type { ResponseCriteria } from './response-filters.js';
import { findAnswerStats, findQuestionStats, findTemplateStats } from './response-stats.repository.js';
import { countResponses } from './responses.repository.js';
import { groupAnswers } from './responses-summary.js';
import type { TemplateContext } from './template-context.js';

// The total of a filtered responses list without counting its rows where the aggregates know it
// (decisions 007 and 034).

const isCompletedFilter = (filter: ResponseFilter) =>
  filter.field === 'surveyState' && filter.operator === 'is' && filter.value === 'COMPLETE';

/**
 * A list filtered by one sentiment or keyword filter (alone or with "Completed", which changes
 * nothing: only completed surveys have analysed answers), without a date range: its total from
 * the text aggregates (decision 034), and for a keyword that few answers hold, the query of the
 * surveys holding it, so that the page reads those first (`findResponsePage`'s `hits`).
 */
export async function countTextFiltered(
  ctx: AppContext,
  template: TemplateContext,
  criteria: ResponseCriteria,
  pageEnd: number,
): Promise<{ total: number; hits: SQL | undefined } | undefined> {
  const textFilters = criteria.filters.filter((filter) => readTextFilterField(filter.field));
  const filter = textFilters.length === 1 ? textFilters[0]! : undefined;
  const field = filter ? readTextFilterField(filter.field) : undefined;
  if (
    !filter ||
    !field ||
    !criteria.filters.every((other) => other === filter || isCompletedFilter(other)) ||
    criteria.sentFrom ||
    criteria.sentTo
  ) {
    return undefined;
  }
  const scope = { templateId: template.templateId, questionId: field.questionId };
  const value = String(filter.value);
  const [total, stats] = await Promise.all([
    countTextFilterMatches(ctx.db, scope, { kind: field.kind, operator: filter.operator, value }),
    findTemplateStats(ctx.db, template.templateId),
  ]);
  // Walking the list's index finds a page's end after about pageEnd × surveys / matches surveys,
  // each looked up; reading the matches first costs one lookup per match. Whichever is fewer.
  const isRare =
    field.kind === 'keyword' &&
    filter.operator === 'contains' &&
    total * total < pageEnd * (stats?.sentCount ?? 0);
  return { total, hits: isRare ? keywordAnswerSurveys(scope, value) : undefined };
}

const numericTests: Record<string, (answer: number, value: number) => boolean> = {
  equals: (answer, value) => answer === value,
  not_equals: (answer, value) => answer !== value,
  gt: (answer, value) => answer > value,
  gte: (answer, value) => answer >= value,
  lt: (answer, value) => answer < value,
  lte: (answer, value) => answer <= value,
};

/**
 * The count of a filtered list. One question filter (with or without "status is Completed") on
 * a scale or an offered choice is answered exactly from the aggregates for completed surveys,
 * plus a count of the surveys being answered (the only others that have answers); counting
 * a large template's matches row by row costs hundreds of milliseconds. Anything else counts
 * in SQL.
 */
export async function countFiltered(
  ctx: AppContext,
  template: TemplateContext,
  criteria: ResponseCriteria,
  conditions: SQL[],
): Promise<number> {
  const questionFilters = criteria.filters.filter((filter) => filter.field.startsWith('surveyResponses.'));
  const others = criteria.filters.filter((filter) => !filter.field.startsWith('surveyResponses.'));
  const onlyCompleted = others.length === 1 && isCompletedFilter(others[0]!);
  const filter = questionFilters[0];
  const question = filter
    ? template.questionsById.get(filter.field.slice('surveyResponses.'.length))
    : undefined;
  if (
    !filter ||
    !question ||
    questionFilters.length !== 1 ||
    (others.length > 0 && !onlyCompleted) ||
    criteria.sentFrom ||
    criteria.sentTo
  ) {
    return countResponses(ctx.db, conditions);
  }
  let fromAggregates: ((counts: Map<string, number>, answered: number) => number) | undefined;
  // A matrix counts statements, not one number per survey: its filters count in SQL.
  if (isScoredQuestionType(question.type) && question.type !== 'Matrix') {
    const test = numericTests[filter.operator];
    const value = Number(filter.value);
    if (test) {
      fromAggregates = (counts) =>
        [...counts].reduce((total, [answer, count]) => total + (test(Number(answer), value) ? count : 0), 0);
    }
  } else if (question.type === 'MultipleChoice' || question.type === 'DropdownList') {
    const value = String(filter.value);
    const isOption = question.listId ? !value.startsWith('Other: ') : question.answerOptions?.includes(value);
    if (isOption && value !== otherAnswerValue) {
      fromAggregates = (counts, answered) =>
        filter.operator === 'is' ? (counts.get(value) ?? 0) : answered - (counts.get(value) ?? 0);
    }
  }
  if (!fromAggregates) return countResponses(ctx.db, conditions);
  const [answerRows, questionRows, inProgress] = await Promise.all([
    findAnswerStats(ctx.db, template.templateId, question.id),
    findQuestionStats(ctx.db, template.templateId, question.id),
    onlyCompleted ? 0 : countResponses(ctx.db, [...conditions, sql`${surveys.state} = 'IN_PROGRESS'`]),
  ]);
  const counts = groupAnswers(answerRows).get(question.id) ?? new Map<string, number>();
  return fromAggregates(counts, questionRows[0]?.responseCount ?? 0) + inProgress;
}
