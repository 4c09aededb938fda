import type { SurveyLanguage, SurveyProperty, SurveyQuestion } from '@graphium/shared';
import { Filter } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useListChoices } from '@/features/lists/api/get-list';
import { DateRangeFilter } from './date-range-filter';
import { FilterChips } from './filter-chips';
import { FilterModal, listLabelsOf } from './filter-modal';
import { type ResponseSource, removeFilter } from './filter-rules';
import { useResponsesSearch } from './responses-search';

export type ResponsesFilterOptions = {
  /** The questions filters offer: the shown version's. */
  questions: readonly SurveyQuestion[];
  sources?: readonly ResponseSource[];
  /** Properties shown in reports only (docs/decisions/029-segments.md). */
  properties?: readonly SurveyProperty[];
  languages?: readonly SurveyLanguage[];
};

/**
 * The date range, the Filter button, the chips and the Filter Responses modal: one filter state,
 * in the URL, shared by the Summary and the Survey Responses sub-tabs (docs/decisions/029-segments.md).
 */
export function ResponsesFilterBar({
  questions,
  sources = [],
  properties = [],
  languages = [],
  actions,
}: ResponsesFilterOptions & { actions?: ReactNode }) {
  const { search, update } = useResponsesSearch();
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const listIds = [
    ...questions.flatMap((question) =>
      (question.type === 'MultipleChoice' || question.type === 'DropdownList') && question.listId
        ? [question.listId]
        : [],
    ),
    ...properties.flatMap((property) =>
      property.type === 'ListItem' && property.listId ? [property.listId] : [],
    ),
  ];
  const lists = useListChoices(listIds);
  return (
    <>
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
          {actions}
        </div>
      </div>
      <FilterChips
        filters={search.filters}
        questions={questions}
        listLabels={listLabelsOf(lists)}
        sources={sources}
        properties={properties}
        from={search.from}
        to={search.to}
        onRemove={(field) => update({ filters: removeFilter(search.filters, field) })}
        onRemoveRange={() => update({ from: undefined, to: undefined })}
        onClearAll={() => update({ filters: [], from: undefined, to: undefined })}
      />
      <FilterModal
        isOpen={isFilterOpen}
        onOpenChange={setIsFilterOpen}
        filters={search.filters}
        onApply={(filters) => update({ filters })}
        questions={questions}
        lists={lists}
        sources={sources}
        properties={properties}
        languages={languages}
      />
    </>
  );
}
