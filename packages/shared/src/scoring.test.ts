import { describe, expect, it } from 'vitest';
import {
  benchmarkDifference,
  isScoredQuestionType,
  netPromoterScore,
  npsCategory,
  npsCounts,
  scalePercentage,
  scoreAnswer,
  scoreBand,
  scoreGrade,
  scoreSurvey,
  shareOf,
  weightedMean,
} from './scoring.js';
import { type SurveyQuestionInput, surveyDefinitionSchema } from './survey-definition.js';

let sequence = 0;
function q(input: {
  type: SurveyQuestionInput['type'];
  weight?: number;
  inComposite?: boolean;
  [k: string]: unknown;
}) {
  sequence += 1;
  const { weight = 0, inComposite = true, ...rest } = input;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    question: `Question ${sequence}`,
    label: `Q${sequence}`,
    compositeScore: { enabled: inComposite, value: weight },
    ...(input.type === 'MultipleChoice' || input.type === 'DropdownList'
      ? { answerOptions: ['A', 'B'] }
      : {}),
    ...rest,
  };
}
const define = (...questions: object[]) => surveyDefinitionSchema.parse({ questions });

describe('scale percentages', () => {
  it('maps NPS 0..10, stars 1..5 and numeric start..end onto 0..100', () => {
    const [nps, stars, numeric, defaults] = define(
      q({ type: 'NetPromoterScore' }),
      q({ type: 'StarRatingScale' }),
      q({ type: 'NumericScale', startNumber: 1, endNumber: 7 }),
      q({ type: 'NumericScale' }),
    ).questions;
    expect(scoreAnswer(nps!, 0)?.percentage).toBe(0);
    expect(scoreAnswer(nps!, 7)?.percentage).toBe(70);
    expect(scoreAnswer(stars!, 1)?.percentage).toBe(0);
    expect(scoreAnswer(stars!, 4)?.percentage).toBe(75);
    expect(scoreAnswer(numeric!, 4)?.percentage).toBe(50);
    expect(scoreAnswer(defaults!, 10)?.percentage).toBe(100);
    expect(scoreAnswer(defaults!, 1)).toEqual({ questionId: defaults!.id, score: 1, percentage: 0 });
  });

  it('gives choices, texts and non-numbers no score', () => {
    const [choice, text, nps] = define(
      q({ type: 'MultipleChoice' }),
      q({ type: 'ShortTextEntry' }),
      q({ type: 'NetPromoterScore' }),
    ).questions;
    expect(scoreAnswer(choice!, ['A'])).toBeUndefined();
    expect(scoreAnswer(text!, 'great')).toBeUndefined();
    expect(scoreAnswer(nps!, '9')).toBeUndefined();
    expect(isScoredQuestionType('NumericScale')).toBe(true);
    expect(isScoredQuestionType('DropdownList')).toBe(false);
  });

  it('keeps percentages within 0..100 and copes with an empty range', () => {
    expect(scalePercentage(12, 0, 10)).toBe(100);
    expect(scalePercentage(-1, 0, 10)).toBe(0);
    expect(scalePercentage(3, 3, 3)).toBe(0);
  });

  it('counts 0 on an NPS question but not a 0 star rating', () => {
    const [nps, stars] = define(q({ type: 'NetPromoterScore' }), q({ type: 'StarRatingScale' })).questions;
    expect(scoreAnswer(nps!, 0)).toBeDefined();
    expect(scoreAnswer(stars!, 0)).toBeUndefined();
  });
});

describe('scoreSurvey', () => {
  it('weights the composite by compositeScore.value over answered enabled questions', () => {
    const definition = define(
      q({ type: 'NetPromoterScore', weight: 3 }),
      q({ type: 'StarRatingScale', weight: 1 }),
      q({ type: 'NumericScale', weight: 5 }),
    );
    const [nps, stars] = definition.questions;
    const result = scoreSurvey(definition, { [nps!.id]: 10, [stars!.id]: 1 });
    expect(result.overallPercentage).toBe(75);
    expect(result.scoredQuestionCount).toBe(2);
    expect(result.questionScores.map((score) => score.questionId)).toEqual([nps!.id, stars!.id]);
  });

  it('uses equal weights when every weight is zero', () => {
    const definition = define(q({ type: 'NetPromoterScore' }), q({ type: 'StarRatingScale' }));
    const [nps, stars] = definition.questions;
    expect(scoreSurvey(definition, { [nps!.id]: 10, [stars!.id]: 3 }).overallPercentage).toBe(75);
  });

  it('scores questions outside the composite without counting them in it', () => {
    const definition = define(
      q({ type: 'NetPromoterScore', inComposite: false, weight: 9 }),
      q({ type: 'StarRatingScale', weight: 1 }),
      q({ type: 'DropdownList', weight: 4 }),
    );
    const [nps, stars, dropdown] = definition.questions;
    const result = scoreSurvey(definition, { [nps!.id]: 0, [stars!.id]: 5, [dropdown!.id]: 'A' });
    expect(result.overallPercentage).toBe(100);
    expect(result.scoredQuestionCount).toBe(1);
    expect(result.questionScores).toHaveLength(2);
  });

  it('has no composite without answers', () => {
    const definition = define(q({ type: 'NetPromoterScore' }));
    expect(scoreSurvey(definition, {})).toEqual({
      overallPercentage: null,
      questionScores: [],
      scoredQuestionCount: 0,
    });
  });

  it('takes the plain mean in weightedMean when all weights are zero, null for nothing', () => {
    expect(weightedMean([])).toBeNull();
    expect(
      weightedMean([
        { percentage: 20, weight: 0 },
        { percentage: 40, weight: 0 },
      ]),
    ).toBe(30);
    expect(
      weightedMean([
        { percentage: 20, weight: 1 },
        { percentage: 40, weight: 0 },
      ]),
    ).toBe(20);
  });
});

describe('bands, grades and benchmark arrows (docs/product-rules.md#scores-grades-and-benchmarks)', () => {
  it('bands at 80 and 60', () => {
    expect(scoreBand(80)).toBe('high');
    expect(scoreBand(79.9)).toBe('medium');
    expect(scoreBand(60)).toBe('medium');
    expect(scoreBand(59.99)).toBe('low');
  });

  it('grades at 90, 80, 70 and 60', () => {
    expect(scoreGrade(90)).toBe('Excellent');
    expect(scoreGrade(89.9)).toBe('Very Good');
    expect(scoreGrade(80)).toBe('Very Good');
    expect(scoreGrade(70)).toBe('Good');
    expect(scoreGrade(60)).toBe('Fair');
    expect(scoreGrade(59)).toBe('Poor');
  });

  it('hides differences under 1 point and missing benchmarks', () => {
    expect(benchmarkDifference(80, 79.2)).toBeNull();
    expect(benchmarkDifference(80, 79)).toBe(1);
    expect(benchmarkDifference(70, 75.5)).toBe(-5.5);
    expect(benchmarkDifference(70, null)).toBeNull();
    expect(benchmarkDifference(null, 70)).toBeNull();
  });
});

describe('NPS', () => {
  it('sorts answers into promoters, passives and detractors', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsCategory)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('is % promoters minus % detractors', () => {
    const counts = npsCounts([
      { value: '10', count: 5 },
      { value: 9, count: 1 },
      { value: '7', count: 2 },
      { value: '3', count: 2 },
      { value: 'x', count: 9 },
    ]);
    expect(counts).toEqual({ promoters: 6, passives: 2, detractors: 2 });
    expect(netPromoterScore(counts)).toBe(40);
    expect(netPromoterScore({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
    expect(netPromoterScore({ promoters: 0, passives: 1, detractors: 3 })).toBe(-75);
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(1, 0)).toBe(0);
  });
});
