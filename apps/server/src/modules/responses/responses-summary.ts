// The Summary tab's figures (decision 007): read from the aggregates when unfiltered,
// computed over the matching surveys otherwise, with the benchmarks that may be shown.
import {
  type AnswerCount,
  benchmarkMinimumSurveys,
  benchmarkMinimumWorkspaces,
  isScoredQuestionType,
  netPromoterScore,
  npsCounts,
  type QuestionSummary,
  type ResponsesSummary,
  type SurveyQuestion,
  scaleRange,
} from '@graphium/shared';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { readForAnalysis } from '../../db/analysis-reads.js';
import type { Executor } from '../../db/client.js';
import { otherAnswerValue, summaryAnswerValues } from './response-aggregates.service.js';
import type { ResponseCriteria } from './response-filters.js';
import {
  type BenchmarkTotals,
  compositeQuestionKey,
  findAnswerStats,
  findBenchmarkTotals,
  findQuestionStats,
  findTemplateStats,
  findWeeklyStats,
} from './response-stats.repository.js';
import { type SummaryPartRow, summarizeSet } from './responses.repository.js';
import {
  countsWholeAnswers,
  extraAnswerLabel,
  extraDistribution,
  matrixRowSummaries,
} from './summary-extra-types.js';
import { planSummaryRows } from './summary-rows.js';
import { summarizeSummaryRows } from './summary-rows.repository.js';
import type { TemplateContext } from './template-context.js';

const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);

/** A benchmark only when it rests on enough surveys from enough workspaces (decision 007). */
export function reportedBenchmark(totals: BenchmarkTotals | undefined): { percentage: number } | null {
  if (!totals || totals.count < benchmarkMinimumSurveys || totals.workspaceCount < benchmarkMinimumWorkspaces)
    return null;
  return { percentage: totals.percentageSum / totals.count };
}

export async function loadBenchmarks(
  db: Executor,
  template: TemplateContext,
): Promise<Map<string, BenchmarkTotals>> {
  return template.baseTemplateId ? findBenchmarkTotals(db, template.baseTemplateId) : new Map();
}

/** The text a summary shows for an answer value. */
function answerLabel(template: TemplateContext, question: SurveyQuestion, value: string): string {
  if (value === otherAnswerValue) return value;
  const extra = extraAnswerLabel(question, value);
  if (extra !== undefined) return extra;
  const listId = 'listId' in question ? question.listId : undefined;
  return listId ? (template.lists.labelOf(listId, value) ?? value) : value;
}

/** Scale values low..high, the typed options (then Other), or the counted list items by label. */
function distributionOf(
  template: TemplateContext,
  question: SurveyQuestion,
  counts: ReadonlyMap<string, number>,
): AnswerCount[] {
  const entry = (value: string) => ({
    value,
    label: answerLabel(template, question, value),
    count: counts.get(value) ?? 0,
  });
  const extra = extraDistribution(question, counts);
  if (extra) return extra;
  const range = scaleRange(question);
  if (range) {
    return Array.from({ length: range.max - range.min + 1 }, (_, index) => entry(String(range.min + index)));
  }
  if (question.type !== 'MultipleChoice' && question.type !== 'DropdownList') return [];
  if (question.answerOptions && !question.listId) {
    const values = [...question.answerOptions];
    if (question.includeOtherOption || counts.has(otherAnswerValue)) values.push(otherAnswerValue);
    return values.map(entry);
  }
  return [...counts.keys()].map(entry).sort((left, right) => left.label.localeCompare(right.label));
}

interface SummaryFigures {
  sent: number;
  completed: number;
  compositeCount: number;
  compositeSum: number;
  questions: Map<string, { responseCount: number; scoredCount: number; percentageSum: number }>;
  answers: Map<string, Map<string, number>>;
  weeks: { weekStart: string; count: number; percentageSum: number }[];
}

export function buildSummary(
  template: TemplateContext,
  figures: SummaryFigures,
  benchmarks: Map<string, BenchmarkTotals>,
): ResponsesSummary {
  const questions: QuestionSummary[] = template.questions.map((question) => {
    const stats = figures.questions.get(question.id);
    const counts = figures.answers.get(question.id) ?? new Map<string, number>();
    const distribution = distributionOf(template, question, counts);
    const popularResponses = [...counts]
      .map(([value, count]) => ({ value, label: answerLabel(template, question, value), count }))
      .filter((item) => item.count > 0)
      .sort((left, right) => right.count - left.count || left.label.localeCompare(right.label))
      .slice(0, 5);
    const nps =
      question.type === 'NetPromoterScore'
        ? npsCounts([...counts].map(([value, count]) => ({ value, count })))
        : null;
    const npsScore = nps ? netPromoterScore(nps) : null;
    return {
      questionId: question.id,
      questionLabel: question.label,
      questionText: question.question,
      questionType: question.type,
      totalResponses: stats?.responseCount ?? 0,
      compositeScore: {
        enabled: question.compositeScore.enabled,
        percentage: isScoredQuestionType(question.type)
          ? mean(stats?.percentageSum ?? 0, stats?.scoredCount ?? 0)
          : null,
        totalResponses: stats?.scoredCount ?? 0,
        comparativeBenchmark: isScoredQuestionType(question.type)
          ? reportedBenchmark(benchmarks.get(question.id))
          : null,
      },
      popularResponses,
      distribution,
      nps: nps && npsScore !== null ? { score: npsScore, ...nps } : null,
      ...(question.type === 'Matrix' ? { matrixRows: matrixRowSummaries(question, counts) } : {}),
    };
  });
  return {
    totalResponses: figures.completed,
    totalSent: figures.sent,
    responseRate: figures.sent > 0 ? (figures.completed / figures.sent) * 100 : null,
    questions,
    compositeOverTime: figures.weeks.map((week) => ({
      weekStart: week.weekStart,
      percentage: week.percentageSum / week.count,
      count: week.count,
    })),
    overallPercentage: mean(figures.compositeSum, figures.compositeCount),
    overallBenchmark: reportedBenchmark(benchmarks.get(compositeQuestionKey)),
    hasBaseTemplate: template.baseTemplateId !== null,
  };
}

export function groupAnswers(rows: readonly { questionId: string; answerValue: string; count: number }[]) {
  const answers = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const counts = answers.get(row.questionId) ?? new Map<string, number>();
    counts.set(row.answerValue, (counts.get(row.answerValue) ?? 0) + Number(row.count));
    answers.set(row.questionId, counts);
  }
  return answers;
}

/** The unfiltered summary: read from the aggregates, never from the surveys. */
export async function summarizeFromAggregates(
  ctx: AppContext,
  template: TemplateContext,
): Promise<SummaryFigures> {
  const [stats, questionRows, answerRows, weeks] = await Promise.all([
    findTemplateStats(ctx.db, template.templateId),
    findQuestionStats(ctx.db, template.templateId),
    findAnswerStats(ctx.db, template.templateId),
    findWeeklyStats(ctx.db, template.templateId),
  ]);
  return {
    sent: stats?.sentCount ?? 0,
    completed: stats?.completedCount ?? 0,
    compositeCount: stats?.compositeCount ?? 0,
    compositeSum: stats?.compositeSum ?? 0,
    questions: new Map(questionRows.map((row) => [row.questionId, row])),
    answers: groupAnswers(answerRows),
    weeks: weeks.map((week) => ({ ...week, count: Number(week.count) })),
  };
}

/**
 * The summary of a filtered set, computed in SQL over the matching surveys: one statement that
 * evaluates the filter once (decision 034), over the completed surveys' narrow rows when the
 * filters allow (decision 046), else over the surveys. The scale and choice questions and the
 * types counted from the whole answer get their answers grouped; the others only whether they
 * are answered. `readsSummaryRows: false` reads the surveys (the tests compare the two).
 */
export async function summarizeFiltered(
  ctx: AppContext,
  template: TemplateContext,
  criteria: ResponseCriteria,
  conditions: SQL[],
  options: { readsSummaryRows?: boolean } = {},
): Promise<SummaryFigures> {
  const isCounted = (question: SurveyQuestion) =>
    countsWholeAnswers(question.type) ||
    isScoredQuestionType(question.type) ||
    question.type === 'MultipleChoice' ||
    question.type === 'DropdownList';
  const questionIds = template.questions.map((question) => question.id);
  const groupedIds = new Set(template.questions.filter(isCounted).map((question) => question.id));
  const rows = await readForAnalysis(
    ctx.db,
    async (db) => {
      const plan =
        options.readsSummaryRows === false
          ? undefined
          : await planSummaryRows(db, template, criteria, conditions);
      if (!plan) return summarizeSet(db, conditions, { questionIds, groupedIds });
      const questions = questionIds.map((id) => ({ id, number: plan.numbers.get(id) }));
      return summarizeSummaryRows(db, plan.conditions, plan.openCount, { questions, groupedIds });
    },
    { isDateRange: Boolean(criteria.sentFrom || criteria.sentTo) },
  );
  const counts = { sent: 0, completed: 0, compositeCount: 0, compositeSum: 0 };
  const questions = new Map<string, { responseCount: number; scoredCount: number; percentageSum: number }>();
  const questionEntry = (questionId: string) => {
    const entry = questions.get(questionId) ?? { responseCount: 0, scoredCount: 0, percentageSum: 0 };
    questions.set(questionId, entry);
    return entry;
  };
  const answerRows: { questionId: string; answerValue: string; count: number }[] = [];
  const weeks: SummaryFigures['weeks'] = [];
  for (const row of rows) {
    const questionId = row.question_id ?? '';
    const count = Number(row.n);
    if (row.part === 'counts') {
      // Over the narrow rows, a second row counts the matching surveys not completed.
      counts.sent += count;
      counts.completed += Number(row.completed);
      counts.compositeCount += Number(row.composite_count);
      counts.compositeSum += Number(row.total);
    } else if (row.part === 'weeks') {
      weeks.push({ weekStart: questionId, count, percentageSum: Number(row.total) });
    } else if (row.part === 'scores') {
      const entry = questionEntry(questionId);
      entry.scoredCount = count;
      entry.percentageSum = Number(row.total);
    } else {
      if (row.answered) questionEntry(questionId).responseCount += count;
      const question = template.questionsById.get(questionId);
      if (question && groupedIds.has(questionId)) answerRows.push(...answerValuesOf(question, row, count));
    }
  }
  weeks.sort((left, right) => (left.weekStart < right.weekStart ? -1 : 1));
  return { ...counts, questions, answers: groupAnswers(answerRows), weeks };
}

/** The values one grouped answer counts under, as the aggregates count them (summaryAnswerValues). */
function answerValuesOf(question: SurveyQuestion, row: SummaryPartRow, count: number) {
  const questionId = question.id;
  // The types of decision 027 count what the aggregates count, read from the whole answer.
  if (countsWholeAnswers(question.type)) {
    return [...new Set(summaryAnswerValues(question, row.answer))].map((answerValue) => ({
      questionId,
      answerValue,
      count,
    }));
  }
  // Each value as text; other answers of a choice question as "Other".
  return (row.items ?? []).flatMap((item) => {
    if (item === '') return [];
    let value = item as string;
    if (question.type === 'MultipleChoice' || question.type === 'DropdownList') {
      const offered = question.listId
        ? !value.startsWith('Other: ')
        : question.answerOptions?.includes(value);
      if (!offered) value = otherAnswerValue;
    }
    return [{ questionId, answerValue: value, count }];
  });
}
