import type { SurveyQuestion } from '@graphium/shared';
import { Filter, Inbox, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useListChoices } from '@/features/lists/api/get-list';
import { getErrorMessage } from '@/lib/api-client';
import { useSurveyResponses } from '../api/get-survey-responses';
import { DateRangeFilter } from './date-range-filter';
import { ExportButtons } from './export-buttons';
import { FilterChips } from './filter-chips';
import { FilterModal, listLabelsOf } from './filter-modal';
import { type ResponseSource, removeFilter } from './filter-rules';
import { Paginator } from './paginator';
import { sentRange, useResponsesSearch } from './responses-search';
import { ResponsesTable } from './responses-table';

type SurveyResponsesListProps = {
  templateId: string;
  /** The questions filters offer: the shown version's. */
  questions: readonly SurveyQuestion[];
  detailPath: (surveyId: string) => string;
  sources?: readonly ResponseSource[];
};

/** What the detail page's back link returns to: this list as it was. */
export type ResponsesLocationState = { responsesSearch?: string };

/** docs/product-rules.md#responses-list-filters-paging-export: the Survey Responses sub-tab. */
export function SurveyResponsesList({
  templateId,
  questions,
  detailPath,
  sources = [],
}: SurveyResponsesListProps) {
  const navigate = useNavigate();
  const { search, update, searchString } = useResponsesSearch();
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const listIds = questions.flatMap((question) =>
    (question.type === 'MultipleChoice' || question.type === 'DropdownList') && question.listId
      ? [question.listId]
      : [],
  );
  const lists = useListChoices(listIds);
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
      <StatusMessage
        tone="error"
        title={`Error loading survey responses: ${getErrorMessage(query.error, 'Unknown error')}`}
      >
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </StatusMessage>
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
      <div className="mb-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <DateRangeFilter
          from={search.from}
          to={search.to}
          onChange={(range) => update({ from: range.from, to: range.to })}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setIsFilterOpen(true)}>
            <Filter className="size-4" aria-hidden="true" />
            Filter{search.filters.length > 0 ? ` (${search.filters.length})` : ''}
          </Button>
          {templateId && <ExportButtons params={scope} />}
        </div>
      </div>
      <FilterChips
        filters={search.filters}
        questions={questions}
        listLabels={listLabelsOf(lists)}
        sources={sources}
        from={search.from}
        to={search.to}
        onRemove={(field) => update({ filters: removeFilter(search.filters, field) })}
        onRemoveRange={() => update({ from: undefined, to: undefined })}
        onClearAll={clearAll}
      />
      {body}
      <FilterModal
        isOpen={isFilterOpen}
        onOpenChange={setIsFilterOpen}
        filters={search.filters}
        onApply={(filters) => update({ filters })}
        questions={questions}
        lists={lists}
        sources={sources}
      />
    </div>
  );
}
