import type { ResponseFilter, SurveyProperty, SurveyQuestion } from '@graphium/shared';
import { X } from 'lucide-react';
import { formatCalendarDay } from '@/lib/format';
import { describeFilter, filterSentence, type ResponseSource } from './filter-rules';

type FilterChipsProps = {
  filters: ResponseFilter[];
  questions: readonly SurveyQuestion[];
  listLabels: Readonly<Record<string, Record<string, string>>>;
  sources?: readonly ResponseSource[];
  properties?: readonly SurveyProperty[];
  from: string | undefined;
  to: string | undefined;
  onRemove: (field: string) => void;
  onRemoveRange: () => void;
  onClearAll: () => void;
};

const chipClasses =
  'inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset';
const removeClasses =
  'rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600';

function rangeSentence(from: string | undefined, to: string | undefined): string | undefined {
  if (from && to) return `Sent ${formatCalendarDay(from)} to ${formatCalendarDay(to)}`;
  if (from) return `Sent from ${formatCalendarDay(from)}`;
  if (to) return `Sent until ${formatCalendarDay(to)}`;
  return undefined;
}

/**
 * docs/product-rules.md#responses-list-filters-paging-export: the active filters as chips, each removable,
 * with Clear all.
 */
export function FilterChips({
  filters,
  questions,
  listLabels,
  sources = [],
  properties = [],
  from,
  to,
  onRemove,
  onRemoveRange,
  onClearAll,
}: FilterChipsProps) {
  const range = rangeSentence(from, to);
  if (filters.length === 0 && !range) return null;
  return (
    <section aria-label="Active filters" className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const sentence = filterSentence(describeFilter(filter, questions, listLabels, sources, properties));
          return (
            <li key={filter.field} className={chipClasses}>
              {sentence}
              <button
                type="button"
                aria-label={`Remove filter ${sentence}`}
                onClick={() => onRemove(filter.field)}
                className={removeClasses}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {range && (
          <li className={chipClasses}>
            {range}
            <button
              type="button"
              aria-label={`Remove filter ${range}`}
              onClick={onRemoveRange}
              className={removeClasses}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        )}
      </ul>
      <button
        type="button"
        onClick={onClearAll}
        className="text-sm font-medium text-indigo-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Clear all
      </button>
    </section>
  );
}
