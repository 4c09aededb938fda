import type { BulkSendSurveysResult } from '@graphium/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useSegments } from '@/features/contacts/api/get-segments';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useSendToSegment } from '../api/send-to-segment';
import { RowErrorsList } from './bulk-tables';

type Checked = { segmentId: string; result: BulkSendSurveysResult };

/**
 * Send to a contact segment (decision 038): choose a segment, see how many of its members will get
 * the survey (the fatigue rule and suppressions counted), then send.
 */
export function SegmentSendPanel({ versionId, onClose }: { versionId: string; onClose: () => void }) {
  const segments = useSegments();
  const send = useSendToSegment();
  const [segmentId, setSegmentId] = useState('');
  const [checked, setChecked] = useState<Checked>();
  const [sent, setSent] = useState<BulkSendSurveysResult>();
  const [error, setError] = useState<string>();
  const selectId = useId();

  const run = async (dryRun: boolean) => {
    setError(undefined);
    try {
      const request = send.mutateAsync({ surveyTemplateVersionId: versionId, segmentId, dryRun });
      const result = dryRun
        ? await request
        : await toastPromise(request, {
            pending: 'Sending surveys...',
            success: (done) => `${formatNumber(done.created)} surveys sent.`,
            error: 'Failed to send the surveys.',
          });
      if (dryRun) setChecked({ segmentId, result });
      else setSent(result);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to check the segment.'));
    }
  };

  if (segments.isPending) return <LoadingText>Loading segments...</LoadingText>;
  const options = segments.data?.segments ?? [];
  if (sent) {
    return (
      <div className="space-y-4">
        <StatusMessage tone="success" title="Surveys sent">
          {formatNumber(sent.created)} surveys sent
          {sent.failed.length > 0 ? `, ${formatNumber(sent.failed.length)} contacts skipped.` : '.'}
        </StatusMessage>
        {sent.failed.length > 0 && <RowErrorsList title="Skipped contacts" failed={sent.failed} />}
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }
  const current = checked?.segmentId === segmentId ? checked.result : undefined;
  const fatigued = current?.failed.filter((item) => 'fatigue' in item.errors).length ?? 0;
  return (
    <div className="space-y-4">
      {options.length === 0 ? (
        <p className="text-sm text-gray-700">No segments yet: build one on the Contacts page.</p>
      ) : (
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-gray-900">
            Segment
          </label>
          <select
            id={selectId}
            value={segmentId}
            onChange={(event) => setSegmentId(event.target.value)}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Choose a segment</option>
            {options.map((segment) => (
              <option key={segment.segmentId} value={segment.segmentId}>
                {segment.name} ({formatNumber(segment.memberCount)} contacts)
              </option>
            ))}
          </select>
        </div>
      )}
      {error && <StatusMessage tone="error" title={error} />}
      {current && (
        <>
          <StatusMessage tone="info" title={`${formatNumber(current.rowCount)} contacts in the segment`}>
            {formatNumber(current.validRowCount)} will be sent the survey
            {current.failed.length > 0 ? `, ${formatNumber(current.failed.length)} skipped` : ''}
            {fatigued > 0 ? ` (${formatNumber(fatigued)} surveyed too recently for the fatigue rule)` : ''}.
          </StatusMessage>
          {current.failed.length > 0 && (
            <RowErrorsList title="Contacts that will be skipped" failed={current.failed} />
          )}
        </>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {current ? (
          <Button onClick={() => void run(false)} disabled={send.isPending || current.validRowCount === 0}>
            {send.isPending ? 'Sending...' : `Send ${formatNumber(current.validRowCount)} Surveys`}
          </Button>
        ) : (
          <Button onClick={() => void run(true)} disabled={segmentId === '' || send.isPending}>
            {send.isPending ? 'Checking...' : 'Check Segment'}
          </Button>
        )}
      </div>
    </div>
  );
}
