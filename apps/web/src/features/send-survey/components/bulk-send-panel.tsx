import type { BulkRowError, BulkSurveyRow } from '@graphium/shared';
import { Download, Send } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useBulkSendSurveys } from '../api/bulk-send-surveys';
import { bulkChunkSize, chunkRows, parseBulkCsv, templateCsv } from './bulk-csv';
import { BulkRowsTable, RowErrorsList } from './bulk-tables';

type Loaded = { fileName: string; propertyHeaders: string[]; rows: BulkSurveyRow[] };

type BulkState =
  | { phase: 'choose' }
  | { phase: 'checking'; fileName: string; checked: number; total: number }
  | { phase: 'invalid'; fileName: string; errors: string[] }
  | ({ phase: 'preview'; failed: BulkRowError[] } & Loaded)
  | ({ phase: 'sending'; failed: BulkRowError[]; processed: number } & Loaded)
  | { phase: 'done'; fileName: string; total: number; created: number; failed: BulkRowError[] };

type BulkSendPanelProps = { versionId: string; propertyLabels: readonly string[]; onClose: () => void };

/** A download link for the header row of this template's CSV file (a Blob, or a data URL). */
function useTemplateCsvUrl(propertyLabels: readonly string[]): string {
  const csv = templateCsv(propertyLabels);
  const [url, setUrl] = useState(`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [csv]);
  return url;
}

/**
 * Bulk send from a CSV file: the server checks every row first (a dry run, in parts of 1,000 rows)
 * and the preview shows each row's problems; the send goes in parts too, with a progress bar, and
 * a row that fails never blocks the others: the report lists it.
 */
export function BulkSendPanel({ versionId, propertyLabels, onClose }: BulkSendPanelProps) {
  const bulkSend = useBulkSendSurveys();
  const [state, setState] = useState<BulkState>({ phase: 'choose' });
  const inputId = useId();
  const templateUrl = useTemplateCsvUrl(propertyLabels);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fileName = file.name;
    const parsed = parseBulkCsv(await file.text());
    if (!parsed.ok) {
      setState({ phase: 'invalid', fileName, errors: parsed.errors });
      return;
    }
    const { rows, propertyHeaders } = parsed;
    const failed: BulkRowError[] = [];
    try {
      let rowOffset = 0;
      for (const chunk of chunkRows(rows)) {
        setState({ phase: 'checking', fileName, checked: rowOffset, total: rows.length });
        const result = await bulkSend.mutateAsync({
          surveyTemplateVersionId: versionId,
          rows: chunk,
          dryRun: true,
          rowOffset,
        });
        failed.push(...result.failed);
        rowOffset += chunk.length;
      }
      setState({ phase: 'preview', fileName, propertyHeaders, rows, failed });
    } catch (error) {
      setState({ phase: 'invalid', fileName, errors: [getErrorMessage(error, 'Failed to check the file.')] });
    }
  };

  const sendAll = async (loaded: Loaded) => {
    const { rows } = loaded;
    const failed: BulkRowError[] = [];
    let created = 0;
    const run = async () => {
      let rowOffset = 0;
      for (const chunk of chunkRows(rows)) {
        setState({ ...loaded, phase: 'sending', failed, processed: rowOffset });
        try {
          const result = await bulkSend.mutateAsync({
            surveyTemplateVersionId: versionId,
            rows: chunk,
            dryRun: false,
            rowOffset,
          });
          created += result.created;
          failed.push(...result.failed);
        } catch (error) {
          // One part failing does not stop the others: its rows are reported.
          const message = `Not sent: ${getErrorMessage(error, 'Failed to send surveys.')}`;
          for (let index = 0; index < chunk.length; index += 1) {
            failed.push({ row: rowOffset + index + 1, errors: { _: message } });
          }
        }
        rowOffset += chunk.length;
      }
      setState({ phase: 'done', fileName: loaded.fileName, total: rows.length, created, failed });
      return created;
    };
    await toastPromise(run(), {
      pending: 'Sending surveys...',
      success: (count) => (count === 1 ? '1 survey sent.' : `${formatNumber(count)} surveys sent.`),
      error: 'Failed to send surveys.',
    }).catch(() => undefined);
  };

  const chooser = (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className={`${inputClasses} mt-1.5`}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => void chooseFile(event)}
          disabled={state.phase === 'checking' || state.phase === 'sending'}
        />
        <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-gray-600">
          Columns: email, phone and one per property label
          {propertyLabels.length > 0 ? ` (${propertyLabels.join(', ')})` : ''}. Each row needs an e-mail or a
          phone number. Up to 10,000 rows, sent in parts of {formatNumber(bulkChunkSize)}.
        </p>
      </div>
      <a
        href={templateUrl}
        download="survey-recipients.csv"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Download className="size-4" aria-hidden="true" />
        Download template CSV
      </a>
    </div>
  );

  return (
    <div className="space-y-6">
      {(state.phase === 'choose' || state.phase === 'invalid' || state.phase === 'preview') && chooser}
      {state.phase === 'checking' && (
        <LoadingText>
          Checking {state.fileName}: {formatNumber(state.checked)} of {formatNumber(state.total)} rows...
        </LoadingText>
      )}
      {state.phase === 'invalid' && (
        <StatusMessage tone="error" title={`${state.fileName} cannot be sent`}>
          <ul className="list-disc space-y-1 pl-5">
            {state.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </StatusMessage>
      )}
      {state.phase === 'preview' && (
        <Preview state={state} onSend={() => void sendAll(state)} onClose={onClose} />
      )}
      {state.phase === 'sending' && <Progress processed={state.processed} total={state.rows.length} />}
      {state.phase === 'done' && (
        <Report state={state} onAgain={() => setState({ phase: 'choose' })} onClose={onClose} />
      )}
    </div>
  );
}

function Preview({
  state,
  onSend,
  onClose,
}: {
  state: Extract<BulkState, { phase: 'preview' }>;
  onSend: () => void;
  onClose: () => void;
}) {
  const total = state.rows.length;
  const validCount = total - state.failed.length;
  const fatiguedCount = state.failed.filter((item) => 'fatigue' in item.errors).length;
  return (
    <div className="space-y-4">
      <StatusMessage
        tone={state.failed.length > 0 ? 'error' : 'success'}
        title={`${state.fileName}: ${formatNumber(total)} rows`}
      >
        {formatNumber(validCount)} ready to send
        {state.failed.length > 0
          ? `, ${formatNumber(state.failed.length)} with problems (they will be skipped)`
          : ''}
        .
        {fatiguedCount > 0 &&
          ` ${formatNumber(fatiguedCount)} of them ${fatiguedCount === 1 ? 'was' : 'were'} surveyed too recently for the workspace's fatigue rule.`}
      </StatusMessage>
      <BulkRowsTable propertyHeaders={state.propertyHeaders} rows={state.rows} failed={state.failed} />
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onSend} disabled={validCount === 0}>
          <Send className="size-4" aria-hidden="true" />
          {`Send to ${formatNumber(validCount)} valid ${validCount === 1 ? 'row' : 'rows'}`}
        </Button>
      </div>
    </div>
  );
}

function Progress({ processed, total }: { processed: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((processed / total) * 100);
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-700" aria-live="polite">
        Sending surveys: {formatNumber(processed)} of {formatNumber(total)} rows processed
      </p>
      <div
        role="progressbar"
        aria-label="Bulk send progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Report({
  state,
  onAgain,
  onClose,
}: {
  state: Extract<BulkState, { phase: 'done' }>;
  onAgain: () => void;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4">
      <Progress processed={state.total} total={state.total} />
      <StatusMessage tone={state.failed.length > 0 ? 'error' : 'success'} title="Bulk send finished">
        <p>
          {state.created === 1 ? '1 survey created' : `${formatNumber(state.created)} surveys created`}
          {state.failed.length > 0
            ? `, ${formatNumber(state.failed.length)} ${state.failed.length === 1 ? 'row' : 'rows'} failed.`
            : '.'}
        </p>
      </StatusMessage>
      {state.failed.length > 0 && <RowErrorsList title="Failed rows" failed={state.failed} />}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onAgain}>Send another file</Button>
      </div>
    </div>
  );
}
