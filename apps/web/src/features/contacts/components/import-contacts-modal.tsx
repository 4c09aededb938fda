import {
  attributeTarget,
  type ContactImport,
  type ContactImportPreview,
  contactImportFieldLabels,
  contactImportFields,
} from '@graphium/shared';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useContactAttributes } from '../api/get-contact-attributes';
import { useContactImport } from '../api/get-contact-import';
import { useRetryContactImport } from '../api/retry-contact-import';
import { useStartContactImport } from '../api/start-contact-import';
import { useUploadContactImport } from '../api/upload-contact-import';

type Step =
  | { phase: 'choose'; error?: string }
  | { phase: 'uploading'; fileName: string }
  | { phase: 'mapping'; preview: ContactImportPreview; mapping: Record<string, string>; error?: string }
  | { phase: 'running'; importId: string };

/** The column mapping: each header to a contact field, an attribute, or nothing. */
function MappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: ContactImportPreview;
  mapping: Record<string, string>;
  onChange: (header: string, target: string) => void;
}) {
  const attributes = useContactAttributes().data?.attributes ?? [];
  const options = [
    { value: '', label: 'Skip this column' },
    ...contactImportFields.map((field) => ({ value: field, label: contactImportFieldLabels[field] })),
    ...attributes.map((attribute) => ({
      value: attributeTarget(attribute.name),
      label: attribute.displayName,
    })),
  ];
  const { headers } = preview.import;
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">Columns of the file and the fields they fill</caption>
        <thead className="bg-gray-50 text-left font-semibold text-gray-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              First values
            </th>
            <th scope="col" className="px-3 py-2">
              Fills
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white text-gray-900">
          {headers.map((header, index) => (
            <tr key={header}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {header}
              </th>
              <td className="px-3 py-2 text-gray-700">
                {preview.sampleRows
                  .slice(0, 3)
                  .map((row) => row[index] ?? '')
                  .join(', ')}
              </td>
              <td className="px-3 py-2">
                <select
                  aria-label={`Field for column ${header}`}
                  value={mapping[header] ?? ''}
                  onChange={(event) => onChange(header, event.target.value)}
                  className={inputClasses}
                >
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The import's progress, then its report (created, updated, rejected rows and why). */
function ImportProgress({ current }: { current: ContactImport }) {
  const percent =
    current.totalRows === 0 ? 100 : Math.round((current.processedRows / current.totalRows) * 100);
  const labelId = useId();
  return (
    <div className="space-y-4">
      <div>
        <div className="mb-1 flex justify-between text-sm text-gray-700">
          <span id={labelId}>
            {current.status === 'finished' ? 'Imported' : 'Importing'} {formatNumber(current.processedRows)}{' '}
            of {formatNumber(current.totalRows)} rows
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {current.status === 'finished' && (
        <StatusMessage tone={current.rejectedCount > 0 ? 'info' : 'success'} title="Import finished">
          {formatNumber(current.createdCount)} contacts created, {formatNumber(current.updatedCount)} updated,{' '}
          {formatNumber(current.rejectedCount)} rows rejected.
        </StatusMessage>
      )}
      {current.rejectedRows.length > 0 && (
        <div className="max-h-64 overflow-y-auto rounded-lg ring-1 ring-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <caption className="sr-only">Rejected rows</caption>
            <thead className="bg-gray-50 text-left font-semibold text-gray-900">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white text-gray-900">
              {current.rejectedRows.map((rejected) => (
                <tr key={rejected.row}>
                  <td className="px-3 py-2">{rejected.row}</td>
                  <td className="px-3 py-2">
                    {Object.entries(rejected.errors)
                      .map(([column, message]) => (column === '_' ? message : `${column}: ${message}`))
                      .join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Import contacts from a CSV file (decision 038): the server reads the file and answers a
 * preview; the member maps its columns; the import runs as a job whose progress is shown, and
 * ends with its report.
 */
export function ImportContactsModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ phase: 'choose' });
  const upload = useUploadContactImport();
  const start = useStartContactImport();
  const retry = useRetryContactImport();
  const [retryError, setRetryError] = useState<string | undefined>();
  const running = useContactImport(step.phase === 'running' ? step.importId : undefined);
  const inputId = useId();

  useEffect(() => {
    if (isOpen) {
      setStep({ phase: 'choose' });
      setRetryError(undefined);
    }
  }, [isOpen]);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setStep({ phase: 'uploading', fileName: file.name });
    try {
      const preview = await upload.mutateAsync({ csv: await file.text(), fileName: file.name });
      setStep({ phase: 'mapping', preview, mapping: preview.suggestedMapping });
    } catch (error) {
      setStep({ phase: 'choose', error: getErrorMessage(error, 'Failed to read the file.') });
    }
  };

  const startImport = async () => {
    if (step.phase !== 'mapping') return;
    try {
      const started = await start.mutateAsync({
        importId: step.preview.import.importId,
        mapping: step.mapping,
      });
      setStep({ phase: 'running', importId: started.importId });
    } catch (error) {
      setStep({ ...step, error: getErrorMessage(error, 'Failed to start the import.') });
    }
  };

  const retryImport = async () => {
    if (step.phase !== 'running') return;
    try {
      await retry.mutateAsync(step.importId);
      setRetryError(undefined);
    } catch (error) {
      setRetryError(getErrorMessage(error, 'Failed to retry the import.'));
    }
  };

  const current = running.data;
  const isDone = current?.status === 'finished' || current?.status === 'failed';

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Import Contacts"
      size="large"
      description="A CSV file with a header row. A contact with the same e-mail address or phone number is updated."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {step.phase === 'running' ? 'Done' : 'Cancel'}
          </Button>
          {step.phase === 'running' && current?.status === 'failed' && (
            <Button onClick={() => void retryImport()} disabled={retry.isPending}>
              {retry.isPending ? 'Retrying...' : 'Retry Import'}
            </Button>
          )}
          {step.phase === 'mapping' && (
            <Button onClick={() => void startImport()} disabled={start.isPending}>
              {start.isPending ? 'Starting...' : `Import ${formatNumber(step.preview.import.totalRows)} Rows`}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-5">
        {(step.phase === 'choose' || step.phase === 'uploading') && (
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
              CSV File
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={step.phase === 'uploading'}
              onChange={(event) => void chooseFile(event)}
              className={`${inputClasses} mt-1.5`}
            />
          </div>
        )}
        {step.phase === 'uploading' && <LoadingText>Reading {step.fileName}...</LoadingText>}
        {(step.phase === 'choose' || step.phase === 'mapping') && step.error && (
          <StatusMessage tone="error" title="The import cannot start">
            {step.error}
          </StatusMessage>
        )}
        {step.phase === 'mapping' && (
          <>
            <p className="text-sm text-gray-700">
              {formatNumber(step.preview.import.totalRows)} rows in{' '}
              {step.preview.import.fileName ?? 'the file'}. Choose the field each column fills: an e-mail
              address or a phone number is needed.
            </p>
            <MappingTable
              preview={step.preview}
              mapping={step.mapping}
              onChange={(header, target) =>
                setStep({ ...step, error: undefined, mapping: { ...step.mapping, [header]: target } })
              }
            />
          </>
        )}
        {step.phase === 'running' &&
          (current ? (
            <ImportProgress current={current} />
          ) : (
            <LoadingText>Starting the import...</LoadingText>
          ))}
        {step.phase === 'running' && isDone && current?.status === 'failed' && (
          <StatusMessage tone="error" title="The import failed">
            {current.failureReason ?? 'Please try again.'}
            {retryError ? ` ${retryError}` : ''}
          </StatusMessage>
        )}
      </div>
    </Modal>
  );
}
