// Paging of lists (docs/product-rules.md#responses-list-filters-paging-export): page sizes, the paginator's
// page numbers and its summary line.

export const pageSizeOptions = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizeOptions)[number];
export const defaultPageSize: PageSize = 25;

function isPageSize(value: unknown): value is PageSize {
  return (pageSizeOptions as readonly unknown[]).includes(value);
}

/**
 * docs/product-rules.md#responses-list-filters-paging-export: an unlisted page size (from the query string)
 * falls back to 25.
 */
export function normalizePageSize(value: unknown): PageSize {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isPageSize(number) ? number : defaultPageSize;
}

/** A page number from the query string: a whole number of at least 1, else 1. */
export function normalizePage(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : 1;
}

export function totalPagesOf(total: number, limit: number): number {
  return total <= 0 ? 0 : Math.ceil(total / limit);
}

export type PaginatorItem = number | 'ellipsis';

/**
 * The page numbers a paginator shows (docs/product-rules.md#responses-list-filters-paging-export): all of
 * them when there are 7 pages or fewer,
 * otherwise the first, the last and the current one ± 1, with an ellipsis for each gap.
 */
export function paginatorPages(page: number, totalPages: number): PaginatorItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, index) => index + 1);
  const current = Math.min(Math.max(1, page), totalPages);
  const shown = new Set([1, totalPages, current - 1, current, current + 1]);
  const pages = [...shown].filter((number) => number >= 1 && number <= totalPages).sort((a, b) => a - b);
  const items: PaginatorItem[] = [];
  pages.forEach((number, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && number - previous > 1) items.push('ellipsis');
    items.push(number);
  });
  return items;
}

/**
 * 'Showing X to Y of Z results' (docs/product-rules.md#responses-list-filters-paging-export): the 1-based
 * positions of the page's first and last rows.
 */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total) };
}

export function paginationSummaryText(page: number, limit: number, total: number): string {
  const { from, to } = pageRange(page, limit, total);
  return `Showing ${from} to ${to} of ${total} results`;
}
