import {
  defaultPageSize,
  normalizePage,
  normalizePageSize,
  type ResponseFilter,
  responseFiltersParamSchema,
  serializeResponseFilters,
} from '@graphium/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCompleteFilter } from './filter-rules';

// The Responses tab keeps its state in the query string
// (docs/product-rules.md#responses-list-filters-paging-export): the sub-tab
// (tab=survey-responses, otherwise summary), page and pageSize (omitted when default), the
// filters (the wire JSON) and the date range (from/to as local YYYY-MM-DD days).

export type ResponsesTabName = 'summary' | 'survey-responses';

export type ResponsesSearch = {
  tab: ResponsesTabName;
  page: number;
  pageSize: number;
  filters: ResponseFilter[];
  from: string | undefined;
  to: string | undefined;
  /** The property the Summary's segments are by (docs/decisions/029-segments.md). */
  segment?: string | undefined;
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function readDay(value: string | null): string | undefined {
  return value && dayPattern.test(value) && !Number.isNaN(localDay(value).getTime()) ? value : undefined;
}

function localDay(day: string, offset = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + offset);
}

/** Filters from the query string: malformed ones dropped, one per field (the last wins). */
function readFilters(value: string | null): ResponseFilter[] {
  if (!value) return [];
  const parsed = responseFiltersParamSchema.safeParse(value);
  if (!parsed.success) return [];
  const byField = new Map<string, ResponseFilter>();
  for (const filter of parsed.data.filters) if (isCompleteFilter(filter)) byField.set(filter.field, filter);
  return [...byField.values()];
}

export function readResponsesSearch(params: URLSearchParams): ResponsesSearch {
  return {
    tab: params.get('tab') === 'survey-responses' ? 'survey-responses' : 'summary',
    page: normalizePage(params.get('page')),
    pageSize: normalizePageSize(params.get('pageSize')),
    filters: readFilters(params.get('filters')),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
    segment: params.get('segment') ?? undefined,
  };
}

export function writeResponsesSearch(search: ResponsesSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.tab === 'survey-responses') params.set('tab', search.tab);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pageSize !== defaultPageSize) params.set('pageSize', String(search.pageSize));
  const filters = serializeResponseFilters(search.filters.filter(isCompleteFilter));
  if (filters) params.set('filters', filters);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.segment) params.set('segment', search.segment);
  return params;
}

/** The date range as instants: the start of the first local day to the start of the day after the last. */
export function sentRange(search: Pick<ResponsesSearch, 'from' | 'to'>) {
  return {
    sentFrom: search.from ? localDay(search.from).toISOString() : undefined,
    sentTo: search.to ? localDay(search.to, 1).toISOString() : undefined,
  };
}

type SearchChanges = Partial<ResponsesSearch>;

/** Reads and changes the tab's query string; changing filters, range or page size goes back to page 1. */
export function useResponsesSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readResponsesSearch(params), [params]);
  const update = useCallback(
    (changes: SearchChanges, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const now = readResponsesSearch(current);
          const resetsPage =
            'filters' in changes || 'from' in changes || 'to' in changes || 'pageSize' in changes;
          const next = { ...now, ...(resetsPage ? { page: 1 } : {}), ...changes };
          return writeResponsesSearch(next);
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { search, update, searchString: params.toString() };
}
