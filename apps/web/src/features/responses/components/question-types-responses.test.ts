import { type QuestionSummary, type SurveyQuestion, surveyQuestionSchema } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text';
import { buildQuestionFilter, describeFilter, filterSentence } from './filter-rules';
import { chartEntries } from './summary-entries';

// The added question types (decision 027) in the responses screens: how answers read, the
// summary's charts and the filter chips.

let sequence = 0;
function question(input: Record<string, unknown>): SurveyQuestion {
  sequence += 1;
  return surveyQuestionSchema.parse({
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    question: 'Q?',
    label: `Label ${sequence}`,
    ...input,
  });
}

const matrix = question({
  type: 'Matrix',
  label: 'Visit',
  rows: [
    { id: 'staff', text: 'Friendly staff' },
    { id: 'wait', text: 'Short wait' },
  ],
  columns: ['Disagree', 'Neutral', 'Agree'],
});
const consent = question({ type: 'Consent', label: 'Contact', consentText: 'You may contact me.' });
const ranking = question({ type: 'Ranking', label: 'Priorities', answerOptions: ['Price', 'Speed'] });
const visit = question({ type: 'DateEntry', label: 'Visit date' });

describe('answers of the new types', () => {
  it('reads each one for the response detail', () => {
    expect(answerText(question({ type: 'CustomerEffortScore' }), 6)).toBe('6 out of 7');
    expect(answerText(question({ type: 'CustomerSatisfactionScore' }), 2)).toBe('2 out of 5');
    expect(answerText(visit, '2026-03-04')).toBe('03/04/2026');
    expect(answerText(consent, true)).toBe('Consent given');
    expect(answerText(ranking, ['Speed', 'Price'])).toBe('1. Speed, 2. Price');
    expect(answerText(matrix, { wait: 1, staff: 3 })).toBe('Friendly staff: Agree\nShort wait: Disagree');
    expect(answerText(matrix, {})).toBeUndefined();
  });
});

function summary(partial: Partial<QuestionSummary> & Pick<QuestionSummary, 'questionType'>): QuestionSummary {
  return {
    questionId: `q-${partial.questionType}`,
    questionLabel: partial.questionType,
    questionText: '?',
    totalResponses: 0,
    compositeScore: { enabled: false, percentage: null, totalResponses: 0, comparativeBenchmark: null },
    popularResponses: [],
    distribution: [],
    nps: null,
    ...partial,
  };
}

const counts = (...values: number[]) =>
  values.map((count, index) => ({ value: String(index + 1), label: String(index + 1), count }));

describe('the summary charts of the new types', () => {
  it('gives CSAT and CES their headline share and a matrix one chart per statement', () => {
    const entries = chartEntries([
      summary({
        questionType: 'CustomerSatisfactionScore',
        questionLabel: 'CSAT',
        distribution: counts(1, 0, 1, 1, 1),
      }),
      summary({
        questionType: 'CustomerEffortScore',
        questionLabel: 'CES',
        distribution: counts(0, 0, 0, 1, 1, 0, 0),
      }),
      summary({ questionType: 'Ranking', questionLabel: 'Priorities', distribution: counts(1) }),
      summary({
        questionType: 'Matrix',
        questionLabel: 'Visit',
        matrixRows: [
          {
            rowId: 'staff',
            label: 'Friendly staff',
            totalResponses: 2,
            percentage: 75,
            distribution: counts(0, 1, 1),
          },
          {
            rowId: 'wait',
            label: 'Short wait',
            totalResponses: 0,
            percentage: null,
            distribution: counts(0, 0, 0),
          },
        ],
      }),
    ]);
    expect(entries.map((entry) => entry.caption)).toEqual([
      'CSAT · 50% satisfied (4-5)',
      'CES · 50% low effort (5-7)',
      'Priorities · ranked first',
      'Visit: Friendly staff · 75%',
      'Visit: Short wait',
    ]);
  });
});

describe('the filters of the new types', () => {
  it('keeps dates as text, matrix means as numbers, and reads consent and ranking chips', () => {
    expect(buildQuestionFilter(visit, 'gt', '2026-03-01')).toMatchObject({ value: '2026-03-01' });
    expect(buildQuestionFilter(matrix, 'lt', '9')).toMatchObject({ value: 3 });
    const consentFilter = buildQuestionFilter(consent, 'is', 'true')!;
    expect(filterSentence(describeFilter(consentFilter, [consent]))).toBe('Contact is Consent given');
    const rankingFilter = buildQuestionFilter(ranking, 'is_not', 'Speed')!;
    expect(filterSentence(describeFilter(rankingFilter, [ranking]))).toBe(
      'Priorities is not Speed (ranked first)',
    );
  });
});
