import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

type TablePagerProps<T> = { table: Table<T>; noun: string };

/** "Showing 11-20 of 23 lists" with previous and next; hidden when everything fits on one page. */
export function TablePager<T>({ table, noun }: TablePagerProps<T>) {
  const total = table.getPrePaginationRowModel().rows.length;
  const { pageIndex, pageSize } = table.getState().pagination;
  if (total <= pageSize) return null;
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav
      aria-label={`${noun} pages`}
      className="mt-4 flex items-center justify-between gap-4 text-sm text-gray-700"
    >
      <p aria-live="polite">
        Showing {first}-{last} of {total} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <span>
          Page {pageIndex + 1} of {table.getPageCount()}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
        >
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
