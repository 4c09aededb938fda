import type { DashboardMover } from '@graphium/shared';
import { Badge } from '@/components/ui/badge';
import { formatChange, formatFigure, formatMargin } from './figure-format';
import { indicativeText } from './headline-cards';

/** The templates whose NPS (or composite, without NPS answers) moved most since the previous period. */
export function MoversTable({ movers }: { movers: DashboardMover[] }) {
  return (
    <section
      aria-labelledby="dashboard-movers"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h3 id="dashboard-movers" className="text-base font-semibold text-gray-900">
        Biggest movers
      </h3>
      {movers.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No template has answers in both periods to compare.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Biggest movers</caption>
            <thead>
              <tr className="text-gray-600">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Template
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Previous
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Now
                </th>
                <th scope="col" className="py-1 font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {movers.map((mover) => {
                const kind = mover.measure === 'nps' ? 'nps' : 'percent';
                return (
                  <tr key={mover.templateId} className="border-t border-gray-100 align-top text-gray-900">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      <span className="font-medium">{mover.name}</span>
                      <span className="block text-xs text-gray-600">
                        {mover.measure === 'nps' ? 'NPS' : 'Composite score'}
                      </span>
                    </th>
                    <td className="py-2 pr-4">
                      {formatFigure(mover.previous.value, kind)} {formatMargin(mover.previous) ?? ''}
                      <span className="block text-xs text-gray-600">{mover.previous.count} answers</span>
                    </td>
                    <td className="py-2 pr-4">
                      {formatFigure(mover.current.value, kind)} {formatMargin(mover.current) ?? ''}
                      <span className="block text-xs text-gray-600">{mover.current.count} answers</span>
                    </td>
                    <td className="py-2">
                      <span className="mr-2">{formatChange(mover.change.difference, kind)}</span>
                      {mover.change.significant ? (
                        <Badge tone="indigo">Significant</Badge>
                      ) : (
                        <Badge tone="gray">Not significant</Badge>
                      )}
                      {(mover.current.indicative || mover.previous.indicative) && (
                        <span className="mt-1 block">
                          <Badge tone="amber">{indicativeText}</Badge>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
