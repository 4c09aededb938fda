import { pageSizeOptions, paginationSummaryText, paginatorPages } from '@graphium/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';

type PaginatorProps = {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What the pages hold, for the navigation's name. */
  label?: string;
};

const controlClasses = clsx(
  'inline-flex min-w-9 items-center justify-center rounded-md px-2.5 py-1.5 text-sm font-medium',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx(controlClasses, 'text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50')}
    >
      {children}
    </button>
  );
}

/**
 * docs/product-rules.md#responses-list-filters-paging-export: 'Showing X to Y of Z results', the page size
 * (10, 25, 50, 100), first, previous,
 * next and last, and the page numbers (all up to 7 pages, else first, last, current ± 1 and
 * ellipses).
 */
export function Paginator({
  page,
  pageSize,
  total,
  totalPages,
  onPageChange,
  onPageSizeChange,
  label = 'Pagination',
}: PaginatorProps) {
  const sizeId = useId();
  const isFirst = page <= 1;
  const isLast = page >= totalPages;
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm text-gray-700 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-4">
        <p aria-live="polite">{paginationSummaryText(page, pageSize, total)}</p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className="rounded-md bg-white py-1.5 pr-8 pl-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none"
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      {totalPages > 1 && (
        <nav aria-label={label}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <PageButton label="First page" disabled={isFirst} onClick={() => onPageChange(1)}>
                <ChevronsLeft className="size-4" aria-hidden="true" />
              </PageButton>
            </li>
            <li>
              <PageButton label="Previous page" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
                <ChevronLeft className="size-4" aria-hidden="true" />
              </PageButton>
            </li>
            {paginatorPages(page, totalPages).map((item, index) =>
              item === 'ellipsis' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by place.
                <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-gray-600">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    aria-label={`Page ${item}`}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => onPageChange(item)}
                    className={clsx(
                      controlClasses,
                      item === page
                        ? 'bg-indigo-600 text-white'
                        : 'text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50',
                    )}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <PageButton label="Next page" disabled={isLast} onClick={() => onPageChange(page + 1)}>
                <ChevronRight className="size-4" aria-hidden="true" />
              </PageButton>
            </li>
            <li>
              <PageButton label="Last page" disabled={isLast} onClick={() => onPageChange(totalPages)}>
                <ChevronsRight className="size-4" aria-hidden="true" />
              </PageButton>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
