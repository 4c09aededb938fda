import type { Segment, SurveyProperty } from '@graphium/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { inputClasses } from '@/components/ui/form-field';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { useSegments } from '../api/get-segments';
import { upsertFilter } from './filter-rules';
import { ChartSuspense, LazySegmentsChart } from './lazy-charts';
import { sentRange, useResponsesSearch, writeResponsesSearch } from './responses-search';

type Figure = Segment['composite'];

function figureText(figure: Figure | null, signed: boolean): string {
  if (!figure || figure.value === null) return '—';
  const rounded = Math.round(figure.value);
  const value = signed && rounded > 0 ? `+${rounded}` : String(rounded);
  const margin = figure.marginOfError === null ? '' : ` ± ${Math.round(figure.marginOfError)}`;
  return `${value}${signed ? '' : '%'}${margin}`;
}

/**
 * Segments (docs/decisions/029-segments.md): the completed surveys within the filters, split by a
 * property shown in reports; each segment opens the Survey Responses list filtered to it.
 */
export function SegmentsSection({
  templateId,
  properties,
}: {
  templateId: string;
  properties: readonly SurveyProperty[];
}) {
  const pickerId = useId();
  const { search, update } = useResponsesSearch();
  const propertyId =
    properties.find((property) => property.id === search.segment)?.id ?? properties[0]?.id ?? '';
  const query = useSegments({ templateId, propertyId, filters: search.filters, ...sentRange(search) });
  if (properties.length === 0) return null;

  const reply = query.data;
  const hasNps = reply?.npsQuestion !== null && reply?.npsQuestion !== undefined;
  const measure = hasNps ? 'NPS' : 'Composite';
  const linkOf = (segment: Segment) => {
    if (!segment.filter) return undefined;
    const filters = upsertFilter(upsertFilter(search.filters, segment.filter), {
      field: 'surveyState',
      operator: 'is',
      value: 'COMPLETE',
    });
    return `?${writeResponsesSearch({ ...search, tab: 'survey-responses', page: 1, filters }).toString()}`;
  };

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingText>Loading segments...</LoadingText>;
  else if (!reply)
    body = (
      <StatusMessage
        tone="error"
        title={`Error loading segments: ${getErrorMessage(query.error, 'Unknown error')}`}
      />
    );
  else if (reply.total === 0)
    body = <p className="text-sm text-gray-600">No completed surveys to segment.</p>;
  else {
    const charted = reply.segments.filter((segment) => segment.count > 0);
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          <table className="min-w-full text-sm">
            <caption className="sr-only">
              {`Completed surveys by ${reply.property.label}: count, NPS and composite score with 95% margins`}
            </caption>
            <thead className="bg-gray-50 text-left text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {reply.property.label}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Responses
                </th>
                {hasNps && (
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    NPS
                  </th>
                )}
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Composite
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {reply.segments.map((segment) => {
                const to = linkOf(segment);
                return (
                  <tr key={segment.key}>
                    <th scope="row" className="px-4 py-2 text-left font-medium text-gray-900">
                      {to && segment.count > 0 ? (
                        <Link
                          to={to}
                          className="text-indigo-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                        >
                          {segment.label}
                        </Link>
                      ) : (
                        segment.label
                      )}
                    </th>
                    <td className="px-4 py-2 text-right text-gray-900">
                      {segment.count}
                      {segment.count > 0 && segment.composite.indicative && (
                        <span className="ml-1 text-xs text-gray-600" title="Fewer than 30 responses">
                          (indicative)
                        </span>
                      )}
                    </td>
                    {hasNps && (
                      <td className="px-4 py-2 text-right text-gray-900">{figureText(segment.nps, true)}</td>
                    )}
                    <td className="px-4 py-2 text-right text-gray-900">
                      {figureText(segment.composite, false)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <figure className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <figcaption className="mb-2 text-sm font-medium text-gray-900">
            {`${measure} by ${reply.property.label}, with 95% margins`}
          </figcaption>
          <ChartSuspense height={260}>
            <LazySegmentsChart
              measure={measure}
              data={charted.map((segment) => {
                const figure = hasNps ? segment.nps : segment.composite;
                return {
                  label: segment.label,
                  value: figure?.value ?? null,
                  margin: figure?.marginOfError ?? 0,
                };
              })}
            />
          </ChartSuspense>
        </figure>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${pickerId}-heading`}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h3 id={`${pickerId}-heading`} className="text-base font-semibold text-gray-900">
          Segments
        </h3>
        <div>
          <label htmlFor={pickerId} className="block text-sm font-medium text-gray-900">
            Segment by
          </label>
          <select
            id={pickerId}
            value={propertyId}
            onChange={(event) => update({ segment: event.target.value }, { replace: true })}
            className={`${inputClasses} mt-1.5`}
          >
            {properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
