import {
  reportedProperties,
  type SurveyLanguage,
  type SurveyProperty,
  type SurveyQuestion,
} from '@graphium/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResponseSource } from './filter-rules';
import { type ResponsesTabName, useResponsesSearch, writeResponsesSearch } from './responses-search';
import { ResponsesSummary } from './responses-summary';
import { SurveyResponsesList } from './survey-responses-list';
import { TextAnalyticsSection } from './text-analytics-section';

type ResponsesTabProps = {
  /** Responses belong to the template, across its versions. */
  templateId: string;
  /** The shown version's questions: what filters offer. */
  questions: readonly SurveyQuestion[];
  /** The app path of one response. */
  detailPath: (surveyId: string) => string;
  /** Shown above the summary: figures of other features (the follow-up cases). */
  summaryExtra?: ReactNode;
  /** The template's public links: the Source filter offers them beside "Sent" (decision 024). */
  sources?: readonly ResponseSource[];
  /** The shown version's properties; only those shown in reports are offered (decision 029). */
  properties?: readonly SurveyProperty[];
  /** The template's languages, for the Language filter. */
  languages?: readonly SurveyLanguage[];
  /** Shown beside the Summary and Survey Responses tabs: actions of other features (the e-mail digest). */
  actions?: ReactNode;
};

const subTabs: { name: ResponsesTabName; label: string }[] = [
  { name: 'summary', label: 'Summary' },
  { name: 'survey-responses', label: 'Survey Responses' },
];

/**
 * docs/product-rules.md#responses-list-filters-paging-export: Summary and Survey Responses, kept in the query
 * string (tab=survey-responses, otherwise summary).
 */
export function ResponsesTab({
  templateId,
  questions,
  detailPath,
  summaryExtra,
  sources = [],
  properties = [],
  languages = [],
  actions,
}: ResponsesTabProps) {
  const { search } = useResponsesSearch();
  const filterOptions = { questions, sources, properties: reportedProperties(properties), languages };
  return (
    <section>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Responses</h2>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Responses views">
          <ul className="inline-flex rounded-lg bg-gray-100 p-1">
            {subTabs.map((tab) => {
              const isActive = search.tab === tab.name;
              const params = writeResponsesSearch({ ...search, tab: tab.name });
              return (
                <li key={tab.name}>
                  <Link
                    to={{ search: params.toString() ? `?${params.toString()}` : '' }}
                    aria-current={isActive ? 'page' : undefined}
                    className={clsx(
                      'inline-block rounded-md px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                      isActive ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
                    )}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {actions}
      </div>
      {search.tab === 'summary' ? (
        <>
          {summaryExtra}
          <ResponsesSummary templateId={templateId} filterOptions={filterOptions} />
          <TextAnalyticsSection templateId={templateId} narrowed />
        </>
      ) : (
        <SurveyResponsesList templateId={templateId} detailPath={detailPath} {...filterOptions} />
      )}
    </section>
  );
}
