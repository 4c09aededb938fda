import { paginationSummaryText, totalPagesOf } from '@graphium/shared';
import { Button } from './button';

/** "Showing X to Y of Z results" with Previous and Next: the short lists' pager (cases, contacts). */
export function PreviousNextPager({
  page,
  pageSize,
  total,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-gray-700">
      <span>{paginationSummaryText(page, pageSize, total)}</span>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= totalPagesOf(total, pageSize)}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </span>
    </div>
  );
}
