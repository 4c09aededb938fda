import {
  type QuestionSummary,
  type ResponsesSummary as Summary,
  scoreGrade,
  shareOf,
} from '@graphium/shared';
import clsx from 'clsx';
import { Inbox } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatCalendarDay, formatPercent } from '@/lib/format';
import { useSurveyResponses } from '../api/get-survey-responses';
import { ChartSuspense, LazyCompositeTrendChart, LazyDistributionChart } from './lazy-charts';
import { BenchmarkValue, QuestionScoresTable } from './question-scores-table';
import { ResponsesFilterBar, type ResponsesFilterOptions } from './responses-filter-bar';
import { sentRange, useResponsesSearch } from './responses-search';
import { scoreClasses } from './score-colors';
import { SegmentsSection } from './segments-section';
import { chartEntries } from './summary-entries';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h3 className="text-sm font-medium text-gray-600">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-base font-semibold text-gray-900">{children}</h3>;
}

/** A chart's figure: the (hidden) drawing and the same numbers as a table for screen readers. */
function ChartFigure({
  caption,
  rows,
  headers,
  children,
}: {
  caption: string;
  headers: [string, string];
  rows: [string, string][];
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className="relative rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <figcaption id={captionId} className="mb-2 text-sm font-medium text-gray-900">
        {caption}
      </figcaption>
      {children}
      {/* A hidden box around the table: a table is never narrower than its longest word. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** NPS = % promoters - % detractors, with the three shares. */
function NpsCard({ question }: { question: QuestionSummary }) {
  const nps = question.nps;
  if (!nps) return null;
  const total = nps.promoters + nps.passives + nps.detractors;
  const shares = [
    { label: 'Promoters', count: nps.promoters, colour: 'bg-green-500' },
    { label: 'Passives', count: nps.passives, colour: 'bg-amber-400' },
    { label: 'Detractors', count: nps.detractors, colour: 'bg-red-500' },
  ];
  return (
    <section
      aria-label={`Net Promoter Score: ${question.questionLabel}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h4 className="text-sm font-medium text-gray-600">Net Promoter Score · {question.questionLabel}</h4>
      <p className="mt-2 text-3xl font-bold text-gray-900">
        {nps.score > 0 ? '+' : ''}
        {Math.round(nps.score)}
      </p>
      <div className="mt-3 flex h-2.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        {shares.map((share) => (
          <span
            key={share.label}
            className={share.colour}
            style={{ width: `${shareOf(share.count, total)}%` }}
          />
        ))}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {shares.map((share) => (
          <div key={share.label}>
            <dt className="text-gray-600">{share.label}</dt>
            <dd className="font-semibold text-gray-900">
              {formatPercent(shareOf(share.count, total))}{' '}
              <span className="font-normal text-gray-600">({share.count})</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SummaryView({ summary, isFiltered }: { summary: Summary; isFiltered: boolean }) {
  const npsQuestions = summary.questions.filter((question) => question.nps);
  const charted = chartEntries(summary.questions);
  const overall = summary.overallPercentage;
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-3">
        <Card title="Total Responses">
          <p className="text-3xl font-bold text-gray-900">{summary.totalResponses}</p>
          <p className="mt-1 text-sm text-gray-600">Completed surveys</p>
        </Card>
        <Card title="Response Rate">
          <p className="text-3xl font-bold text-gray-900">
            {summary.responseRate === null ? '—' : formatPercent(summary.responseRate)}
          </p>
          <p className="mt-1 text-sm text-gray-600">
            {summary.totalResponses} completed of {summary.totalSent} sent
          </p>
        </Card>
        <Card title="Composite Score">
          {overall === null ? (
            <p className="text-3xl font-bold text-gray-700">No score</p>
          ) : (
            <p className="text-3xl font-bold text-gray-900">
              {formatPercent(overall)}{' '}
              <span className={clsx('text-base font-semibold', scoreClasses(overall).text)}>
                {scoreGrade(overall)}
              </span>
            </p>
          )}
          {summary.hasBaseTemplate && (
            <p className="mt-1 text-sm text-gray-600">
              Overall Benchmark: <BenchmarkValue value={overall} benchmark={summary.overallBenchmark} />
            </p>
          )}
        </Card>
      </div>

      {summary.totalResponses === 0 && isFiltered && (
        <EmptyState icon={Inbox} title="No responses match your filters" />
      )}
      {summary.totalResponses === 0 && !isFiltered && (
        <EmptyState icon={Inbox} title="No responses yet">
          Scores, benchmarks and charts appear here once respondents complete their surveys.
        </EmptyState>
      )}

      <section>
        <SectionHeading>Question Scores</SectionHeading>
        {summary.questions.length === 0 ? (
          <p className="text-sm text-gray-600">This template has no questions.</p>
        ) : (
          <QuestionScoresTable questions={summary.questions} hasBaseTemplate={summary.hasBaseTemplate} />
        )}
      </section>

      {npsQuestions.length > 0 && (
        <section>
          <SectionHeading>Net Promoter Score</SectionHeading>
          <div className="grid gap-4 md:grid-cols-2">
            {npsQuestions.map((question) => (
              <NpsCard key={question.questionId} question={question} />
            ))}
          </div>
        </section>
      )}

      {summary.compositeOverTime.length > 0 && (
        <section>
          <SectionHeading>Composite Score by Week</SectionHeading>
          <ChartFigure
            caption="Mean composite score of the surveys completed each week"
            headers={['Week of', 'Composite score']}
            rows={summary.compositeOverTime.map((week) => [
              formatCalendarDay(week.weekStart),
              `${formatPercent(week.percentage)} (${week.count} responses)`,
            ])}
          >
            <ChartSuspense height={260}>
              <LazyCompositeTrendChart weeks={summary.compositeOverTime} />
            </ChartSuspense>
          </ChartFigure>
        </section>
      )}

      {charted.length > 0 && (
        <section>
          <SectionHeading>Answer Distribution</SectionHeading>
          <div className="grid gap-4 lg:grid-cols-2">
            {charted.map((entry) => (
              <ChartFigure
                key={entry.key}
                caption={entry.caption}
                headers={['Answer', 'Responses']}
                rows={entry.distribution.map((point) => [point.label, String(point.count)])}
              >
                <ChartSuspense height={220}>
                  <LazyDistributionChart data={entry.distribution} isNps={entry.isNps} />
                </ChartSuspense>
              </ChartFigure>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * docs/product-rules.md#responses-list-filters-paging-export: the Summary sub-tab, over the responses
 * the filters and the date range select (the same ones as the list, in the URL; decision 029),
 * then the segments by a property.
 */
export function ResponsesSummary({
  templateId,
  filterOptions,
}: {
  templateId: string;
  filterOptions: ResponsesFilterOptions;
}) {
  const { search } = useResponsesSearch();
  const query = useSurveyResponses({
    surveyTemplateId: templateId,
    page: 1,
    limit: 10,
    filters: search.filters,
    ...sentRange(search),
    include: 'summary',
  });
  let body: ReactNode;
  if (!templateId) return <StatusMessage tone="error" title="Template ID not found" />;
  if (query.isPending) body = <LoadingText>Loading survey responses...</LoadingText>;
  else if (!query.data?.summary) {
    body = (
      <LoadError
        title={`Error loading survey responses: ${getErrorMessage(query.error, 'Unknown error')}`}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData}
        className={clsx('space-y-8', query.isPlaceholderData && 'opacity-60')}
      >
        <SummaryView
          summary={query.data.summary}
          isFiltered={search.filters.length > 0 || search.from !== undefined || search.to !== undefined}
        />
        <SegmentsSection templateId={templateId} properties={filterOptions.properties ?? []} />
      </div>
    );
  }
  return (
    <div>
      <ResponsesFilterBar {...filterOptions} />
      {body}
    </div>
  );
}
