import { templateStateLabel } from '@graphium/shared';
import clsx from 'clsx';

// docs/product-rules.md#survey-templates-and-versions: Draft yellow, Published green, Unpublished gray;
// unknown states show as Draft.
const labelClasses = {
  Draft: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  Published: 'bg-green-50 text-green-800 ring-green-600/20',
  Unpublished: 'bg-gray-100 text-gray-700 ring-gray-500/20',
} as const;

export function TemplateStateBadge({ state }: { state: string }) {
  const label = templateStateLabel(state);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        labelClasses[label],
      )}
    >
      {label}
    </span>
  );
}
