import { type ListState, listStateLabels } from '@graphium/shared';
import clsx from 'clsx';

// docs/product-rules.md#lookup-lists: published green, draft yellow, unpublished red; archived gray.
const stateClasses: Record<ListState, string> = {
  PUBLISHED: 'bg-green-50 text-green-800 ring-green-600/20',
  DRAFT: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  UNPUBLISHED: 'bg-red-50 text-red-800 ring-red-600/20',
  ARCHIVED: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};

export function ListStateBadge({ state }: { state: ListState }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        stateClasses[state],
      )}
    >
      {listStateLabels[state]}
    </span>
  );
}
