import { type SurveyQuestion, type SurveyResponseRow, sentSourceLabel } from '@graphium/shared';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { formatOptionalDateTime } from '@/lib/format';
import { CompositeScoreDots } from './composite-score-dots';
import { SurveyStateBadge } from './survey-state-badge';
import { NotDeliveredLine } from './undelivered';

type ResponsesTableProps = {
  surveys: SurveyResponseRow[];
  questions: readonly SurveyQuestion[];
  detailPath: (surveyId: string) => string;
  onOpen: (surveyId: string) => void;
};

/** Who a survey went to: the first address (or number), with a count of the others. */
function respondentName(
  methods: SurveyResponseRow['surveyContactMethods'],
  formatPhone: (stored: string) => string,
  isFromLink: boolean,
): string {
  const names = methods.map((method) =>
    method.contactMethodType === 'email' ? method.emailAddress : formatPhone(method.phoneNumber),
  );
  const [first, ...others] = names;
  if (!first) return isFromLink ? 'Anonymous' : 'Unknown respondent';
  return others.length > 0 ? `${first} (+${others.length} more)` : first;
}

// Source: a public link's name or "Sent" (decision 024).
const headers = ['Respondent', 'Date Sent', 'Last Opened', 'Status', 'Source', 'Composite Score'];

/**
 * docs/product-rules.md#responses-list-filters-paging-export: the Survey Responses table; a row opens the
 * response (click or Enter).
 */
export function ResponsesTable({ surveys, questions, detailPath, onOpen }: ResponsesTableProps) {
  const labels = new Map(questions.map((question) => [question.id, question.label]));
  const formatPhone = useFormatPhone();
  const openOnEnter = (event: KeyboardEvent, surveyId: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(surveyId);
  };
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">Survey responses</caption>
        <thead className="bg-gray-50">
          <tr>
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {surveys.map((survey) => {
            const name = respondentName(survey.surveyContactMethods, formatPhone, survey.source !== null);
            return (
              <tr
                key={survey.surveyId}
                tabIndex={0}
                onClick={() => onOpen(survey.surveyId)}
                onKeyDown={(event) => openOnEnter(event, survey.surveyId)}
                className="cursor-pointer hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <td className="px-4 py-3 font-medium text-gray-900">
                  <Link
                    to={detailPath(survey.surveyId)}
                    tabIndex={-1}
                    onClick={(event) => {
                      // A modified click opens a new tab as links do; a plain one is the row's.
                      if (event.metaKey || event.ctrlKey || event.shiftKey) event.stopPropagation();
                      else event.preventDefault();
                    }}
                    className="hover:underline"
                  >
                    {name}
                  </Link>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  {formatOptionalDateTime(survey.sentAt)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  {formatOptionalDateTime(survey.lastOpenedAt) ?? 'Not opened'}
                </td>
                <td className="px-4 py-3">
                  <SurveyStateBadge state={survey.surveyState} />
                  <NotDeliveredLine messages={survey.undelivered} />
                </td>
                <td className="px-4 py-3 text-gray-700">{survey.source?.name ?? sentSourceLabel}</td>
                <td className="px-4 py-3">
                  <CompositeScoreDots
                    overallPercentage={survey.scoring.overallPercentage}
                    questionScores={survey.scoring.questionScores.map((score) => ({
                      ...score,
                      label: labels.get(score.questionId),
                    }))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
