import type { BulkRowError, BulkSurveyRow } from '@graphium/shared';
import { formatNumber } from '@/lib/format';

const previewRowCount = 100;
const shownErrorRows = 200;

const fieldNames: Record<string, string> = {
  emailAddress: 'email',
  phoneNumber: 'phone',
  surveyContactMethods: '',
  // The fatigue rule's reason (decision 038) is a sentence of its own.
  fatigue: '',
  _: '',
};

/** A row's problems as sentences: the column named, unless the message says it already. */
function describeRowErrors(errors: Record<string, string>): string[] {
  return Object.entries(errors).map(([key, message]) => {
    const name = Object.hasOwn(fieldNames, key) ? fieldNames[key] : key;
    return name && !message.toLowerCase().startsWith(name.toLowerCase()) ? `${name}: ${message}` : message;
  });
}

const cell = 'py-2 pr-4 align-top';

/** The first rows of the file, each marked ready or with its problems. */
export function BulkRowsTable({
  propertyHeaders,
  rows,
  failed,
}: {
  propertyHeaders: string[];
  rows: BulkSurveyRow[];
  failed: BulkRowError[];
}) {
  const errorsByRow = new Map(failed.map((item) => [item.row, item.errors]));
  const shown = rows.slice(0, previewRowCount);
  const hiddenFailures = failed.filter((item) => item.row > previewRowCount);
  return (
    <div className="space-y-4">
      <div className="max-h-80 overflow-auto rounded-lg border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">
            Preview of the file{rows.length > previewRowCount ? ` (first ${previewRowCount} rows)` : ''}
          </caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className={`${cell} pl-3 font-semibold`}>
                Row
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Email
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Phone
              </th>
              {propertyHeaders.map((header) => (
                <th key={header} scope="col" className={`${cell} font-semibold`}>
                  {header}
                </th>
              ))}
              <th scope="col" className={`${cell} font-semibold`}>
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {shown.map((row, index) => {
              const number = index + 1;
              const errors = errorsByRow.get(number);
              return (
                <tr key={number} className={errors ? 'bg-red-50' : undefined}>
                  <td className={`${cell} pl-3 text-gray-700`}>{number}</td>
                  <td className={`${cell} break-all`}>{row.emailAddress}</td>
                  <td className={cell}>{row.phoneNumber}</td>
                  {propertyHeaders.map((header) => (
                    <td key={header} className={cell}>
                      {String(row.properties?.[header] ?? '')}
                    </td>
                  ))}
                  <td className={cell}>
                    {errors ? (
                      <ul className="space-y-0.5 text-red-800">
                        {describeRowErrors(errors).map((message) => (
                          <li key={message}>{message}</li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-green-800">Ready</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hiddenFailures.length > 0 && <RowErrorsList title="More rows with problems" failed={hiddenFailures} />}
    </div>
  );
}

/** Rows and their problems, as a list (the report, and problems past the preview). */
export function RowErrorsList({ title, failed }: { title: string; failed: BulkRowError[] }) {
  const shown = failed.slice(0, shownErrorRows);
  return (
    <section aria-label={title} className="space-y-2">
      <h4 className="text-sm font-semibold text-gray-900">{title}</h4>
      <ul className="max-h-64 space-y-1 overflow-auto text-sm text-gray-800">
        {shown.map((item) => (
          <li key={item.row}>
            <span className="font-medium">Row {item.row}:</span> {describeRowErrors(item.errors).join('; ')}
          </li>
        ))}
      </ul>
      {failed.length > shown.length && (
        <p className="text-sm text-gray-600">and {formatNumber(failed.length - shown.length)} more rows</p>
      )}
    </section>
  );
}
