import type { AuditEvent } from '@graphium/shared';
import { formatDateTime } from '@/lib/format';
import { categoryLabel } from './audit-log-filters';

/** `template.published` → "Template published". */
function actionLabel(action: string): string {
  const [category = action, verb] = action.split('.');
  return verb ? `${categoryLabel(category)} ${verb.replace(/-/g, ' ')}` : categoryLabel(category);
}

const actorKindLabels: Record<AuditEvent['actor']['kind'], string> = {
  member: 'Member',
  'api-key': 'API key',
  anonymous: 'Not signed in',
  system: 'Graphium',
};

function Details({ event }: { event: AuditEvent }) {
  if (Object.keys(event.details).length === 0) return <span className="text-gray-500">None</span>;
  const { before, after, ...rest } = event.details;
  const block = (title: string, value: unknown) => (
    <div>
      <p className="font-medium text-gray-900">{title}</p>
      <pre className="mt-1 max-w-md overflow-x-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap text-gray-800">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
  return (
    <details>
      <summary className="cursor-pointer text-indigo-700 hover:text-indigo-900">
        Show details<span className="sr-only"> of {actionLabel(event.action)}</span>
      </summary>
      <div className="mt-2 space-y-2">
        {before !== undefined && block('Before', before)}
        {after !== undefined && block('After', after)}
        {Object.keys(rest).length > 0 &&
          block(before !== undefined || after !== undefined ? 'Also' : 'Details', rest)}
      </div>
    </details>
  );
}

export function AuditLogTable({ events }: { events: AuditEvent[] }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on narrow screens.
      tabIndex={0}
      aria-label="Audit log"
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">Audit log</caption>
        <thead className="bg-gray-50">
          <tr>
            {['When', 'Who', 'What', 'Target', 'Address', 'Details'].map((header) => (
              <th
                key={header}
                scope="col"
                className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {events.map((event) => (
            <tr key={event.auditEventId} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                {formatDateTime(event.occurredAt)}
              </td>
              <td className="px-4 py-3 text-gray-700">
                <span className="block text-gray-900">{event.actor.label}</span>
                <span className="block text-xs text-gray-600">{actorKindLabels[event.actor.kind]}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-900">{actionLabel(event.action)}</td>
              <td className="px-4 py-3 text-gray-700">{event.target.label ?? event.target.id ?? '—'}</td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">{event.address ?? '—'}</td>
              <td className="px-4 py-3 text-gray-700">
                <Details event={event} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
