import {
  keywordFilterField,
  type ResponseFilter,
  sentimentFilterField,
  shareOf,
  type TextQuestionAnalytics,
  type TextSentiment,
  type TextTerm,
  textSentimentLabels,
  textSentiments,
} from '@graphium/shared';
import { Link } from 'react-router';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatPercent } from '@/lib/format';
import { useTextAnalytics } from '../api/get-text-analytics';
import { upsertFilter } from './filter-rules';
import {
  type ResponsesSearch,
  sentRange,
  useResponsesSearch,
  writeResponsesSearch,
} from './responses-search';

// The Summary's text questions (docs/decisions/030-text-analytics.md): each one's sentiment bar and
// its keywords and two-word phrases with their counts and average score; a keyword or a sentiment
// opens the Survey Responses list filtered by it, the filter carried in the URL.

const sentimentColours: Record<TextSentiment, string> = {
  positive: 'bg-green-500',
  neutral: 'bg-gray-400',
  negative: 'bg-red-500',
  not_analysed: 'bg-gray-200',
};

const linkClasses =
  'font-medium text-indigo-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The Survey Responses list with this filter added to the ones in force. */
function filteredListSearch(search: ResponsesSearch, filter: ResponseFilter): string {
  const params = writeResponsesSearch({
    ...search,
    tab: 'survey-responses',
    page: 1,
    filters: upsertFilter(search.filters, filter),
  });
  return `?${params.toString()}`;
}

function SentimentBar({ question, search }: { question: TextQuestionAnalytics; search: ResponsesSearch }) {
  const total = question.answerCount;
  const shown = textSentiments.filter(
    (sentiment) => sentiment !== 'not_analysed' || question.sentiment[sentiment] > 0,
  );
  return (
    <div>
      <div className="mt-3 flex h-2.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        {shown.map((sentiment) => (
          <span
            key={sentiment}
            className={sentimentColours[sentiment]}
            style={{ width: `${shareOf(question.sentiment[sentiment], total)}%` }}
          />
        ))}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {shown.map((sentiment) => (
          <div key={sentiment}>
            <dt className="text-gray-600">{textSentimentLabels[sentiment]}</dt>
            <dd className="font-semibold text-gray-900">
              {formatPercent(shareOf(question.sentiment[sentiment], total))}{' '}
              {question.sentiment[sentiment] > 0 ? (
                <Link
                  className={linkClasses}
                  aria-label={`${question.sentiment[sentiment]} ${textSentimentLabels[sentiment].toLowerCase()} answers`}
                  to={{
                    search: filteredListSearch(search, {
                      field: sentimentFilterField(question.questionId),
                      operator: 'is',
                      value: sentiment,
                    }),
                  }}
                >
                  ({question.sentiment[sentiment]})
                </Link>
              ) : (
                <span className="font-normal text-gray-600">(0)</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function TermTable({
  caption,
  heading,
  terms,
  questionId,
  search,
}: {
  caption: string;
  heading: string;
  terms: TextTerm[];
  questionId: string;
  search: ResponsesSearch;
}) {
  if (terms.length === 0)
    return <p className="mt-3 text-sm text-gray-600">No {heading.toLowerCase()}s yet.</p>;
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-600">
          <th scope="col" className="py-1.5 pr-2 font-medium">
            {heading}
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-medium">
            Answers
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Average score
          </th>
        </tr>
      </thead>
      <tbody>
        {terms.map((term) => (
          <tr key={term.term} className="border-b border-gray-100 last:border-0">
            <th scope="row" className="py-1.5 pr-2 font-normal">
              <Link
                className={linkClasses}
                to={{
                  search: filteredListSearch(search, {
                    field: keywordFilterField(questionId),
                    operator: 'contains',
                    value: term.term,
                  }),
                }}
              >
                {term.term}
              </Link>
            </th>
            <td className="py-1.5 pr-2 text-right text-gray-900">{term.count}</td>
            <td className="py-1.5 text-right text-gray-900">
              {term.averageScore === null ? 'No score' : formatPercent(term.averageScore)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TextQuestionCard({
  question,
  search,
}: {
  question: TextQuestionAnalytics;
  search: ResponsesSearch;
}) {
  return (
    <section
      aria-label={`Comments: ${question.questionLabel}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h4 className="text-sm font-medium text-gray-900">{question.questionLabel}</h4>
      <p className="mt-1 text-sm text-gray-600">
        {question.answerCount} {question.answerCount === 1 ? 'answer' : 'answers'} · Sentiment
      </p>
      {question.answerCount > 0 && <SentimentBar question={question} search={search} />}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <TermTable
          caption={`Top keywords of ${question.questionLabel}: select one to see its answers`}
          heading="Keyword"
          terms={question.keywords}
          questionId={question.questionId}
          search={search}
        />
        <TermTable
          caption={`Top two-word phrases of ${question.questionLabel}: select one to see its answers`}
          heading="Phrase"
          terms={question.phrases}
          questionId={question.questionId}
          search={search}
        />
      </div>
    </section>
  );
}

/**
 * The Summary's "Comments" section: nothing when the template has no text question. Over every
 * response, as the rest of the Summary, unless `narrowed` (the Summary's filters and date range).
 */
export function TextAnalyticsSection({ templateId, narrowed }: { templateId: string; narrowed?: boolean }) {
  const { search } = useResponsesSearch();
  const query = useTextAnalytics({
    surveyTemplateId: templateId,
    filters: narrowed ? search.filters : [],
    ...(narrowed ? sentRange(search) : {}),
  });
  if (query.isPending) return <LoadingText>Loading comments...</LoadingText>;
  if (query.isError) {
    return (
      <StatusMessage
        tone="error"
        title={`Error loading comments: ${getErrorMessage(query.error, 'Unknown error')}`}
      />
    );
  }
  if (query.data.questions.length === 0) return null;
  return (
    <section className="mt-8">
      <h3 className="mb-3 text-base font-semibold text-gray-900">Comments</h3>
      <div className="space-y-4">
        {query.data.questions.map((question) => (
          <TextQuestionCard key={question.questionId} question={question} search={search} />
        ))}
      </div>
    </section>
  );
}
