import { type ImportListItemsResult, type ListProperty, maxListImportRows } from '@graphium/shared';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useImportListItems } from '../api/import-list-items';
import { parseItemsCsv } from './parse-csv';

type ImportState =
  | { phase: 'choose' }
  | { phase: 'checking'; fileName: string }
  | { phase: 'invalid'; fileName: string; errors: string[] }
  | {
      phase: 'preview' | 'importing';
      fileName: string;
      headers: string[];
      rows: Record<string, string>[];
      result: ImportListItemsResult;
      progress: number;
    };

const previewRowCount = 5;
const shownRowErrors = 20;

type ImportItemsModalProps = {
  listId: string;
  properties: ListProperty[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/**
 * Import items from a CSV file: the browser parses it, the server checks every row (a dry run)
 * and the preview shows the problems before anything is written; the import itself writes all
 * the rows or none.
 */
export function ImportItemsModal({ listId, properties, isOpen, onOpenChange }: ImportItemsModalProps) {
  const importItems = useImportListItems();
  const [state, setState] = useState<ImportState>({ phase: 'choose' });
  const inputId = useId();

  useEffect(() => {
    if (isOpen) setState({ phase: 'choose' });
  }, [isOpen]);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const fileName = file.name;
    setState({ phase: 'checking', fileName });
    const parsed = parseItemsCsv(await file.text());
    if (!parsed.ok) {
      setState({ phase: 'invalid', fileName, errors: parsed.errors });
      return;
    }
    try {
      const result = await importItems.mutateAsync({ listId, rows: parsed.rows, dryRun: true });
      setState({
        phase: 'preview',
        fileName,
        headers: parsed.headers,
        rows: parsed.rows,
        result,
        progress: 0,
      });
    } catch (error) {
      setState({ phase: 'invalid', fileName, errors: [getErrorMessage(error, 'Failed to check the file.')] });
    }
  };

  const runImport = async () => {
    if (state.phase !== 'preview') return;
    const preview = state;
    setState({ ...preview, phase: 'importing', progress: 0 });
    try {
      const result = await toastPromise(
        importItems.mutateAsync({
          listId,
          rows: preview.rows,
          dryRun: false,
          // Sending is most of the wait; the last tenth is the server writing the rows.
          onProgress: (fraction) =>
            setState((current) =>
              current.phase === 'importing' ? { ...current, progress: Math.round(fraction * 90) } : current,
            ),
        }),
        {
          pending: 'Importing list items...',
          success: (done) => `${formatNumber(done.importedCount)} list items imported successfully!`,
          error: 'Failed to import list items.',
        },
      );
      setState({ ...preview, phase: 'importing', progress: 100, result });
    } catch {
      setState(preview);
      return;
    }
    onOpenChange(false);
  };

  const preview = state.phase === 'preview' || state.phase === 'importing' ? state : undefined;
  const result = preview?.result;
  const hasErrors = result
    ? Object.keys(result.columnErrors).length > 0 || result.rowErrors.length > 0
    : true;
  const isImporting = state.phase === 'importing';

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(next) => !isImporting && onOpenChange(next)}
      title="Import Items"
      size="large"
      description="The first row must hold the columns' property names or display names."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isImporting}>
            Cancel
          </Button>
          <Button onClick={() => void runImport()} disabled={!preview || hasErrors || isImporting}>
            {isImporting
              ? 'Importing...'
              : result && !hasErrors
                ? `Import ${formatNumber(result.rowCount)} Items`
                : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-gray-700">
          Columns:{' '}
          {properties.map((property, index) => (
            <span key={property.id}>
              {index > 0 && ', '}
              <code className="rounded bg-gray-100 px-1">{property.name}</code> ({property.displayName})
            </span>
          ))}
          . Dates as YYYY-MM-DD, times as HH:MM, booleans as true or false; at most{' '}
          {formatNumber(maxListImportRows)} rows.
        </p>
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
            CSV File
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={isImporting || state.phase === 'checking'}
            onChange={(event) => void chooseFile(event)}
            className={`${inputClasses} mt-1.5`}
          />
        </div>
        {state.phase === 'checking' && <LoadingText>Checking {state.fileName}...</LoadingText>}
        {state.phase === 'invalid' && (
          <StatusMessage tone="error" title={`${state.fileName} cannot be imported`}>
            <ul className="list-disc pl-5">
              {state.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </StatusMessage>
        )}
        {preview && result && <ImportPreview preview={preview} result={result} hasErrors={hasErrors} />}
        {isImporting && preview && (
          <div>
            <div className="mb-1 flex justify-between text-sm text-gray-700">
              <span id={`${inputId}-progress`}>Importing {formatNumber(preview.rows.length)} items</span>
              <span>{preview.progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`${inputId}-progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={preview.progress}
              className="h-2 overflow-hidden rounded-full bg-gray-200"
            >
              <div
                className="h-full bg-indigo-600 transition-all"
                style={{ width: `${preview.progress}%` }}
              />
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}

type PreviewProps = {
  preview: { fileName: string; headers: string[]; rows: Record<string, string>[] };
  result: ImportListItemsResult;
  hasErrors: boolean;
};

function ImportPreview({ preview, result, hasErrors }: PreviewProps) {
  const invalidRows = result.rowCount - result.validRowCount;
  const columnErrors = Object.entries(result.columnErrors);
  const hiddenRowErrors = invalidRows - Math.min(shownRowErrors, result.rowErrors.length);
  return (
    <div className="space-y-4">
      {hasErrors ? (
        <StatusMessage tone="error" title="Fix these problems in the file, then choose it again">
          <p>
            {formatNumber(result.validRowCount)} of {formatNumber(result.rowCount)} rows are valid. Nothing is
            imported while any row or column has an error.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {columnErrors.map(([header, message]) => (
              <li key={`column-${header}`}>{message}</li>
            ))}
            {result.rowErrors.slice(0, shownRowErrors).map(({ row, errors }) => (
              <li key={`row-${row}`}>
                Row {row}: {Object.values(errors).join('; ')}
              </li>
            ))}
            {hiddenRowErrors > 0 && <li>and {formatNumber(hiddenRowErrors)} more rows with errors</li>}
          </ul>
        </StatusMessage>
      ) : (
        <StatusMessage tone="success" title={`${formatNumber(result.rowCount)} rows are ready to import`}>
          Checked {preview.fileName}: every row is valid.
        </StatusMessage>
      )}
      <div className="relative overflow-x-auto rounded-lg ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
          <caption className="px-3 py-2 text-left text-sm font-medium text-gray-900">
            Preview of the first {Math.min(previewRowCount, preview.rows.length)} rows
          </caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold text-gray-900">
                Row
              </th>
              {preview.headers.map((header) => (
                <th
                  key={header}
                  scope="col"
                  className="px-3 py-2 font-semibold whitespace-nowrap text-gray-900"
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {preview.rows.slice(0, previewRowCount).map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a file have only their position
              <tr key={index}>
                <td className="px-3 py-2 text-gray-600">{index + 1}</td>
                {preview.headers.map((header) => (
                  <td key={header} className="px-3 py-2 text-gray-700">
                    {row[header]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
