import { scaleRange } from './answer-conditions.js';
import { isAnswered, matrixMean } from './answer-rules.js';
import type { QuestionType, SurveyDefinition, SurveyQuestion } from './survey-definition.js';

// Scoring (docs/product-rules.md#scores-grades-and-benchmarks): the same rules on the server (stored scores,
// aggregates) and in the web app (colours, grades, benchmark arrows).

/**
 * The question types that carry a score: the scales, and a matrix by its rows' mean (decision
 * 027). Choice, text, date, consent and ranking answers have none.
 */
const scoredQuestionTypes = [
  'NetPromoterScore',
  'NumericScale',
  'StarRatingScale',
  'CustomerEffortScore',
  'CustomerSatisfactionScore',
  'Matrix',
] as const;
export type ScoredQuestionType = (typeof scoredQuestionTypes)[number];

export function isScoredQuestionType(type: QuestionType): type is ScoredQuestionType {
  return (scoredQuestionTypes as readonly string[]).includes(type);
}

/** (answer - low) / (high - low) x 100, kept within 0..100. */
export function scalePercentage(answer: number, low: number, high: number): number {
  if (high <= low) return 0;
  const percentage = ((answer - low) / (high - low)) * 100;
  return Math.min(100, Math.max(0, percentage));
}

export interface QuestionScore {
  questionId: string;
  /** The answer given (the scale value; a matrix's rows' mean). */
  score: number;
  /** The answer on 0..100. */
  percentage: number;
}

/** The score of one answer, or undefined when the question has no score or no numeric answer. */
export function scoreAnswer(question: SurveyQuestion, answer: unknown): QuestionScore | undefined {
  const range = scaleRange(question);
  if (range && question.type === 'Matrix') {
    const mean = matrixMean(question, answer);
    if (mean === undefined) return undefined;
    return { questionId: question.id, score: mean, percentage: scalePercentage(mean, range.min, range.max) };
  }
  if (!range || typeof answer !== 'number' || !isAnswered(question, answer)) return undefined;
  return {
    questionId: question.id,
    score: answer,
    percentage: scalePercentage(answer, range.min, range.max),
  };
}

export interface SurveyScore {
  /** The composite score, 0..100; null when no composite question is answered. */
  overallPercentage: number | null;
  /** Every answered scale question, in the definition's order. */
  questionScores: QuestionScore[];
  /** How many answered questions the composite rests on ("Based on responses to N scored questions"). */
  scoredQuestionCount: number;
}

/**
 * Scores a survey's answers (docs/product-rules.md#scores-grades-and-benchmarks): each answered scale
 * question gets its
 * percentage; the composite is the weighted mean of the answered questions whose
 * compositeScore is enabled, weighted by compositeScore.value (all zero: equal weights).
 */
export function scoreSurvey(
  definition: Pick<SurveyDefinition, 'questions'>,
  responses: Readonly<Record<string, unknown>>,
): SurveyScore {
  const questionScores: QuestionScore[] = [];
  const composite: { percentage: number; weight: number }[] = [];
  for (const question of definition.questions) {
    const answer = Object.hasOwn(responses, question.id) ? responses[question.id] : undefined;
    const scored = scoreAnswer(question, answer);
    if (!scored) continue;
    questionScores.push(scored);
    if (question.compositeScore.enabled) {
      composite.push({ percentage: scored.percentage, weight: question.compositeScore.value });
    }
  }
  return {
    overallPercentage: weightedMean(composite),
    questionScores,
    scoredQuestionCount: composite.length,
  };
}

/** Weighted mean; when every weight is zero, the plain mean. Null for no items. */
export function weightedMean(items: readonly { percentage: number; weight: number }[]): number | null {
  if (items.length === 0) return null;
  const totalWeight = items.reduce((total, item) => total + item.weight, 0);
  if (totalWeight <= 0) return items.reduce((total, item) => total + item.percentage, 0) / items.length;
  return items.reduce((total, item) => total + item.percentage * item.weight, 0) / totalWeight;
}

// ---------------------------------------------------------------------------------------------
// Colours, grades and benchmark arrows (docs/product-rules.md#scores-grades-and-benchmarks).

export type ScoreBand = 'high' | 'medium' | 'low';

/** 80 and above high, 60 and above medium, otherwise low. */
export function scoreBand(percentage: number): ScoreBand {
  if (percentage >= 80) return 'high';
  if (percentage >= 60) return 'medium';
  return 'low';
}

export type ScoreGrade = 'Excellent' | 'Very Good' | 'Good' | 'Fair' | 'Poor';

/** 90 or more Excellent, 80 Very Good, 70 Good, 60 Fair, below Poor. */
export function scoreGrade(percentage: number): ScoreGrade {
  if (percentage >= 90) return 'Excellent';
  if (percentage >= 80) return 'Very Good';
  if (percentage >= 70) return 'Good';
  if (percentage >= 60) return 'Fair';
  return 'Poor';
}

/**
 * `value - benchmark` in percentage points, or null when either is missing or the difference is
 * under 1 point (docs/product-rules.md#scores-grades-and-benchmarks: such differences are hidden). Positive:
 * above the benchmark.
 */
export function benchmarkDifference(
  value: number | null | undefined,
  benchmark: number | null | undefined,
): number | null {
  if (value === null || value === undefined || benchmark === null || benchmark === undefined) return null;
  const difference = value - benchmark;
  return Math.abs(difference) < 1 ? null : difference;
}

// ---------------------------------------------------------------------------------------------
// Net Promoter Score.

export type NpsCategory = 'promoter' | 'passive' | 'detractor';

/** 9-10 promoters, 7-8 passives, 0-6 detractors. */
export function npsCategory(answer: number): NpsCategory {
  if (answer >= 9) return 'promoter';
  if (answer >= 7) return 'passive';
  return 'detractor';
}

export interface NpsCounts {
  promoters: number;
  passives: number;
  detractors: number;
}

/** Counts by category from a distribution of answers (values 0..10 as numbers or text). */
export function npsCounts(distribution: readonly { value: string | number; count: number }[]): NpsCounts {
  const counts: NpsCounts = { promoters: 0, passives: 0, detractors: 0 };
  for (const { value, count } of distribution) {
    const answer = Number(value);
    if (!Number.isFinite(answer)) continue;
    const category = npsCategory(answer);
    if (category === 'promoter') counts.promoters += count;
    else if (category === 'passive') counts.passives += count;
    else counts.detractors += count;
  }
  return counts;
}

/** NPS = % promoters - % detractors, from -100 to 100; null without answers. */
export function netPromoterScore(counts: NpsCounts): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (total === 0) return null;
  return ((counts.promoters - counts.detractors) / total) * 100;
}

/** A share of a total in percent (0 when the total is 0). */
export function shareOf(count: number, total: number): number {
  return total > 0 ? (count / total) * 100 : 0;
}
