import clsx from 'clsx';
import { formatPercent } from '@/lib/format';
import { scoreClasses } from './score-colors';

type CompositeScoreDotsProps = {
  overallPercentage: number | null | undefined;
  /** One dot per scored question, in the template's order. */
  questionScores: ReadonlyArray<{ questionId: string; percentage: number; label?: string | undefined }>;
};

/**
 * docs/product-rules.md#scores-grades-and-benchmarks: a dot per question coloured by its score, plus the
 * rounded overall percent, or 'No score'.
 */
export function CompositeScoreDots({ overallPercentage, questionScores }: CompositeScoreDotsProps) {
  if (overallPercentage === null || overallPercentage === undefined) {
    return <span className="text-gray-600">No score</span>;
  }
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-flex items-center gap-1" aria-hidden="true">
        {questionScores.map((score) => (
          <span
            key={score.questionId}
            title={`${score.label ? `${score.label}: ` : ''}${formatPercent(score.percentage)}`}
            className={clsx('size-2.5 rounded-full', scoreClasses(score.percentage).dot)}
          />
        ))}
      </span>
      <span className={clsx('font-semibold', scoreClasses(overallPercentage).text)}>
        {formatPercent(overallPercentage)}
      </span>
    </span>
  );
}
