import type { DashboardBucket, DashboardTrendPoint } from '@graphium/shared';
import { lazy, Suspense } from 'react';
import { formatCalendarDay, formatNumber } from '@/lib/format';
import { formatFigure, formatMargin } from './figure-format';

const LazyTrendChart = lazy(() => import('./trend-chart').then((module) => ({ default: module.TrendChart })));

const bucketNames: Record<DashboardBucket, string> = { day: 'day', week: 'week', month: 'month' };

/** The trend by day, week or month: a chart, and the same figures as a table. */
export function TrendSection({ bucket, points }: { bucket: DashboardBucket; points: DashboardTrendPoint[] }) {
  return (
    <section
      aria-labelledby="dashboard-trend"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h3 id="dashboard-trend" className="text-base font-semibold text-gray-900">
        Trend by {bucketNames[bucket]}
      </h3>
      <Suspense
        fallback={
          <div style={{ height: 260 }} className="flex items-center justify-center text-sm text-gray-600">
            Loading chart...
          </div>
        }
      >
        <LazyTrendChart points={points} />
      </Suspense>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-indigo-700">Trend as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Trend by {bucketNames[bucket]}</caption>
            <thead>
              <tr className="text-gray-600">
                <th scope="col" className="py-1 pr-4 font-medium">
                  From
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Responses
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  NPS
                </th>
                <th scope="col" className="py-1 font-medium">
                  Composite score
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.start} className="border-t border-gray-100 text-gray-900">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {formatCalendarDay(point.start)}
                  </th>
                  <td className="py-1 pr-4">{formatNumber(point.responses)}</td>
                  <td className="py-1 pr-4">
                    {formatFigure(point.nps.value, 'nps')} {formatMargin(point.nps) ?? ''}
                  </td>
                  <td className="py-1">
                    {formatFigure(point.composite.value, 'percent')} {formatMargin(point.composite) ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
