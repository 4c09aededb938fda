import { formatCaseDuration } from '@graphium/shared';
import { formatNumber } from '@/lib/format';
import { useCaseFigures } from '../api/get-case-figures';

/** The responses summary's case figures (decision 019): opened, resolved, median times. */
export function CaseFigures({ templateId }: { templateId: string }) {
  const figures = useCaseFigures(templateId);
  if (!figures.data) return null;
  const items = [
    { label: 'Cases opened', value: formatNumber(figures.data.opened) },
    { label: 'Cases resolved', value: formatNumber(figures.data.resolved) },
    {
      label: 'Median time to first response',
      value: formatCaseDuration(figures.data.medianSecondsToFirstResponse),
    },
    { label: 'Median time to resolution', value: formatCaseDuration(figures.data.medianSecondsToResolution) },
  ];
  return (
    <section aria-labelledby="case-figures-heading" className="mb-6">
      <h3 id="case-figures-heading" className="mb-3 text-base font-semibold text-gray-900">
        Follow-up cases
      </h3>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
            <dt className="text-sm text-gray-700">{item.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-gray-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
