import { Inbox, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { useSurveyResponses } from '../api/get-survey-responses';
import { ExportButtons } from './export-buttons';
import { Paginator } from './paginator';
import { ResponsesFilterBar, type ResponsesFilterOptions } from './responses-filter-bar';
import { sentRange, useResponsesSearch } from './responses-search';
import { ResponsesTable } from './responses-table';

type SurveyResponsesListProps = ResponsesFilterOptions & {
  templateId: string;
  detailPath: (surveyId: string) => string;
};

/** What the detail page's back link returns to: this list as it was. */
export type ResponsesLocationState = { responsesSearch?: string };

/** docs/product-rules.md#responses-list-filters-paging-export: the Survey Responses sub-tab. */
export function SurveyResponsesList({
  templateId,
  questions,
  detailPath,
  sources = [],
  properties = [],
  languages = [],
}: SurveyResponsesListProps) {
  const navigate = useNavigate();
  const { search, update, searchString } = useResponsesSearch();
  const scope = { surveyTemplateId: templateId, filters: search.filters, ...sentRange(search) };
  const query = useSurveyResponses({
    ...scope,
    page: search.page,
    limit: search.pageSize,
    include: 'surveys',
  });
  const pagination = query.data?.pagination;
  const hasFilters = search.filters.length > 0 || search.from !== undefined || search.to !== undefined;

  // A page past the end (an old link, or rows gone since) shows the last page instead.
  useEffect(() => {
    if (pagination && pagination.totalPages > 0 && search.page > pagination.totalPages) {
      update({ page: pagination.totalPages }, { replace: true });
    }
  }, [pagination, search.page, update]);

  const clearAll = () => update({ filters: [], from: undefined, to: undefined });
  const open = (surveyId: string) =>
    navigate(detailPath(surveyId), {
      state: { responsesSearch: searchString } satisfies ResponsesLocationState,
    });

  let body: React.ReactNode;
  if (!templateId) {
    body = <StatusMessage tone="error" title="Template ID not found" />;
  } else if (query.isPending) {
    body = <LoadingText>Loading survey responses...</LoadingText>;
  } else if (query.isError && !query.data) {
    body = (
      <LoadError
        title={`Error loading survey responses: ${getErrorMessage(query.error, 'Unknown error')}`}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.surveys.length === 0 && (pagination?.total ?? 0) === 0) {
    body = hasFilters ? (
      <EmptyState
        icon={SearchX}
        title="No responses match your filters"
        action={
          <Button variant="secondary" onClick={clearAll}>
            Clear all filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={Inbox} title="No responses yet">
        Surveys sent from this template appear here as soon as they go out.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {query.isError && (
          <StatusMessage
            tone="error"
            className="mb-4"
            title={`Error loading survey responses: ${getErrorMessage(query.error, 'Unknown error')}`}
          />
        )}
        <div
          aria-busy={query.isPlaceholderData}
          className={query.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <ResponsesTable
            surveys={query.data.surveys}
            questions={questions}
            detailPath={detailPath}
            onOpen={open}
          />
        </div>
        {pagination && (
          <Paginator
            page={search.page}
            pageSize={search.pageSize}
            total={pagination.total}
            totalPages={pagination.totalPages}
            label="Survey responses pages"
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(pageSize) => update({ pageSize })}
          />
        )}
      </>
    );
  }

  return (
    <div>
      <ResponsesFilterBar
        questions={questions}
        sources={sources}
        properties={properties}
        languages={languages}
        actions={templateId ? <ExportButtons params={scope} /> : undefined}
      />
      {body}
    </div>
  );
}
