import type { QuestionSummary } from '@graphium/shared';
import { formatPercent } from '@/lib/format';

// The Answer Distribution charts of the Summary: one per question with a distribution, one per
// statement of a matrix (decision 027), and the customary headline of CSAT (share of 4-5) and
// CES (share of 5-7) in the caption.

export type ChartEntry = {
  key: string;
  caption: string;
  distribution: QuestionSummary['distribution'];
  isNps: boolean;
};

function topShare(question: QuestionSummary, from: number): number | undefined {
  const total = question.distribution.reduce((sum, point) => sum + point.count, 0);
  if (total === 0) return undefined;
  const top = question.distribution
    .filter((point) => Number(point.value) >= from)
    .reduce((sum, point) => sum + point.count, 0);
  return (top / total) * 100;
}

function captionOf(question: QuestionSummary): string {
  const label = question.questionLabel;
  switch (question.questionType) {
    case 'CustomerSatisfactionScore': {
      const share = topShare(question, 4);
      return share === undefined ? label : `${label} · ${formatPercent(share)} satisfied (4-5)`;
    }
    case 'CustomerEffortScore': {
      const share = topShare(question, 5);
      return share === undefined ? label : `${label} · ${formatPercent(share)} low effort (5-7)`;
    }
    case 'Ranking':
      return `${label} · ranked first`;
    case 'DateEntry':
      return `${label} · by month`;
    default:
      return label;
  }
}

export function chartEntries(questions: readonly QuestionSummary[]): ChartEntry[] {
  return questions.flatMap((question): ChartEntry[] => {
    if (question.matrixRows) {
      return question.matrixRows.map((row) => ({
        key: `${question.questionId}:${row.rowId}`,
        caption: `${question.questionLabel}: ${row.label}${row.percentage === null ? '' : ` · ${formatPercent(row.percentage)}`}`,
        distribution: row.distribution,
        isNps: false,
      }));
    }
    if (question.distribution.length === 0) return [];
    return [
      {
        key: question.questionId,
        caption: captionOf(question),
        distribution: question.distribution,
        isNps: question.questionType === 'NetPromoterScore',
      },
    ];
  });
}
