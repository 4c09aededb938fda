import { benchmarkDifference, isScoredQuestionType, type QuestionSummary } from '@graphium/shared';
import clsx from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatPercent, formatPoints } from '@/lib/format';
import { scoreClasses } from './score-colors';

const notEnoughDataText = 'Not enough data yet';

/** The most given answer with its count and share: "Tyres: 12 (40%)". */
function popularAnswerText(question: QuestionSummary): string | undefined {
  const top = question.popularResponses[0];
  if (!top) return undefined;
  const share = question.totalResponses > 0 ? (top.count / question.totalResponses) * 100 : 0;
  return `${top.label}: ${top.count} (${formatPercent(share)})`;
}

/**
 * docs/product-rules.md#scores-grades-and-benchmarks: the difference from the benchmark, shown from 1 point
 * on.
 */
export function BenchmarkValue({
  value,
  benchmark,
}: {
  value: number | null | undefined;
  benchmark: { percentage: number } | null | undefined;
}) {
  if (!benchmark) return <span className="text-gray-600">{notEnoughDataText}</span>;
  const difference = benchmarkDifference(value, benchmark.percentage);
  return (
    <span className="inline-flex items-center gap-2">
      <span>{formatPercent(benchmark.percentage)}</span>
      {difference !== null && (
        <span
          className={clsx(
            'inline-flex items-center gap-0.5 text-xs font-semibold',
            difference > 0 ? 'text-green-700' : 'text-red-700',
          )}
        >
          {difference > 0 ? (
            <ArrowUp className="size-3.5" aria-hidden="true" />
          ) : (
            <ArrowDown className="size-3.5" aria-hidden="true" />
          )}
          <span className="sr-only">
            {difference > 0 ? 'Above the benchmark by' : 'Below the benchmark by'}
          </span>
          {formatPoints(difference)}
        </span>
      )}
    </span>
  );
}

/**
 * docs/product-rules.md#scores-grades-and-benchmarks: Question, Responses, Average Score (or the most popular
 * answer), Overall Benchmark.
 */
export function QuestionScoresTable({
  questions,
  hasBaseTemplate,
}: {
  questions: QuestionSummary[];
  hasBaseTemplate: boolean;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">Question Scores</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              Question
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              Responses
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              Average Score
            </th>
            {hasBaseTemplate && (
              <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
                Overall Benchmark
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {questions.map((question) => {
            const average = question.compositeScore.percentage;
            const isScored = isScoredQuestionType(question.questionType);
            return (
              <tr key={question.questionId}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <span className="block font-medium text-gray-900">{question.questionLabel}</span>
                  <span className="block text-gray-600">{question.questionText}</span>
                </th>
                <td className="px-4 py-3 text-gray-700">{question.totalResponses}</td>
                <td className="px-4 py-3 text-gray-700">
                  {isScored && average !== null ? (
                    <span className={clsx('font-semibold', scoreClasses(average).text)}>
                      {formatPercent(average)}
                    </span>
                  ) : (
                    (popularAnswerText(question) ?? (
                      <span className="text-gray-600">
                        {question.questionType === 'ShortTextEntry' ||
                        question.questionType === 'LongTextEntry'
                          ? 'Free-text answers'
                          : 'No responses'}
                      </span>
                    ))
                  )}
                </td>
                {hasBaseTemplate && (
                  <td className="px-4 py-3 text-gray-700">
                    {isScored ? (
                      <BenchmarkValue
                        value={average}
                        benchmark={question.compositeScore.comparativeBenchmark}
                      />
                    ) : (
                      <span className="text-gray-600">Not scored</span>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
