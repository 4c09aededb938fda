import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatCalendarDay, formatNumber } from '@/lib/format';
import { useDashboard } from '../api/get-dashboard';
import { localToday, readRange } from './date-range';
import { HeadlineCards } from './headline-cards';
import { MoversTable } from './movers-table';
import { RangePicker } from './range-picker';
import { TemplatePicker } from './template-picker';
import { TrendSection } from './trend-section';

const significanceHelp =
  'Margins of error are at 95% confidence (NPS from the shares of promoters, passives and detractors; the composite score from its standard deviation). ' +
  "A change is marked significant when p < 0.05: Welch's t-test for NPS (answers counted as +100, 0 and −100) and the composite score, " +
  'a two-proportion z-test for the response rate. The response rate counts the surveys sent in the period that are complete now.';

/** The dashboard's figures for a range (in the URL query) and a choice of templates. */
export function DashboardInsights() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params, localToday());
  const templateIds = (params.get('templates') ?? '').split(',').filter(Boolean);
  const dashboard = useDashboard({
    from: range.from,
    to: range.to,
    ...(templateIds.length > 0 ? { templateIds } : {}),
  });
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const data = dashboard.data;
  return (
    <section aria-labelledby="dashboard-insights" className="space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="dashboard-insights" className="text-xl font-semibold text-gray-900">
            Insights
          </h2>
          {data && (
            <p className="text-sm text-gray-600">
              {formatCalendarDay(data.figures.period.from)} – {formatCalendarDay(data.figures.period.to)},
              compared with {formatCalendarDay(data.figures.previousPeriod.from)} –{' '}
              {formatCalendarDay(data.figures.previousPeriod.to)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <RangePicker
            range={range}
            onPreset={(preset) => update({ range: preset, from: undefined, to: undefined })}
            onCustom={(from, to) => update({ range: 'custom', from, to })}
          />
          <TemplatePicker
            templates={data?.templates ?? []}
            selected={templateIds}
            onChange={(ids) => update({ templates: ids.join(',') || undefined })}
          />
        </div>
      </div>
      {dashboard.isError && (
        <StatusMessage tone="error" title="The figures could not be loaded">
          {getErrorMessage(dashboard.error)}
        </StatusMessage>
      )}
      {!data && dashboard.isPending && (
        <p role="status" className="text-sm text-gray-600">
          Loading figures...
        </p>
      )}
      {data && (
        <div className="space-y-6" aria-busy={dashboard.isFetching}>
          <HeadlineCards figures={data.figures} />
          <p className="text-sm text-gray-600">
            {significanceHelp}{' '}
            {data.pendingTimeZone
              ? `Days are still in ${data.timeZone} while they are recomputed for the workspace's new time zone (${data.pendingTimeZone}); this can take a few minutes.`
              : `Days are in the workspace's time zone (${data.timeZone}; Settings → Notifications).`}
          </p>
          <TrendSection bucket={data.bucket} points={data.trend} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <section
              aria-labelledby="dashboard-cases"
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
            >
              <h3 id="dashboard-cases" className="text-base font-semibold text-gray-900">
                Follow-up cases
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-sm text-gray-600">Open</dt>
                  <dd className="text-2xl font-bold text-gray-900">{formatNumber(data.cases.open)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-gray-600">Overdue</dt>
                  <dd className="text-2xl font-bold text-gray-900">{formatNumber(data.cases.overdue)}</dd>
                </div>
              </dl>
              <Link
                to="/alerts/cases"
                className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline"
              >
                View cases
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </section>
            <div className="lg:col-span-2">
              <MoversTable movers={data.movers} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
