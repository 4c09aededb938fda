import {
  type CaseDetail,
  type CaseStatus,
  caseStatusLabels,
  nextCaseStatuses,
  surveyResponsePath,
  viewerCaseReason,
} from '@graphium/shared';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { inputClasses } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorStatus } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useAddCaseNote } from '../api/add-case-note';
import { useCase } from '../api/get-case';
import { useCaseAssignees } from '../api/get-case-assignees';
import { useUpdateCase } from '../api/update-case';
import { CaseActionButton, CaseDue, CaseStatusBadge, ViewerReason } from './case-badges';
import { CaseHistory } from './case-history';
import { CaseReplyForm } from './case-reply-form';

const statusActions: Record<CaseStatus, string> = {
  open: 'Reopen',
  in_progress: 'Start work',
  resolved: 'Resolve',
  dismissed: 'Dismiss',
};

function CaseControls({
  detail,
  canWork,
  reasonId,
}: {
  detail: CaseDetail;
  canWork: boolean;
  reasonId: string;
}) {
  const update = useUpdateCase();
  const assignees = useCaseAssignees();
  const assigneeId = useId();

  const change = (
    body: { status?: CaseStatus; assigneeId?: string | null },
    pending: string,
    success: string,
  ) =>
    toastPromise(update.mutateAsync({ caseId: detail.caseId, ...body }), {
      pending,
      success,
      error: 'Failed to update the case.',
    }).catch(() => undefined);

  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-medium text-gray-900">Status</dt>
        <dd className="mt-1.5 flex flex-wrap items-center gap-2">
          <CaseStatusBadge status={detail.status} />
          {nextCaseStatuses(detail.status).map((status) => (
            <CaseActionButton
              key={status}
              canWork={canWork}
              reasonId={reasonId}
              size="sm"
              variant={status === 'resolved' ? 'primary' : 'secondary'}
              disabled={canWork && update.isPending}
              onClick={() =>
                void change({ status }, 'Updating the case...', `Case is now ${caseStatusLabels[status]}.`)
              }
            >
              {statusActions[status]}
            </CaseActionButton>
          ))}
        </dd>
      </div>
      <div>
        <dt>
          <label htmlFor={assigneeId} className="text-sm font-medium text-gray-900">
            Assignee
          </label>
        </dt>
        <dd>
          <select
            id={assigneeId}
            value={detail.assignee?.accountId ?? ''}
            disabled={!canWork || update.isPending}
            title={canWork ? undefined : viewerCaseReason}
            aria-describedby={canWork ? undefined : reasonId}
            onChange={(event) =>
              void change(
                { assigneeId: event.target.value || null },
                'Assigning the case...',
                'Case assigned.',
              )
            }
            className={clsx(inputClasses, 'mt-1.5')}
          >
            <option value="">Nobody</option>
            {detail.assignee &&
              !assignees.data?.assignees.some(
                (person) => person.accountId === detail.assignee?.accountId,
              ) && <option value={detail.assignee.accountId}>{detail.assignee.name}</option>}
            {(assignees.data?.assignees ?? []).map((person) => (
              <option key={person.accountId} value={person.accountId}>
                {person.name}
              </option>
            ))}
          </select>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-900">Due</dt>
        <dd className="mt-1.5 text-sm">
          <CaseDue item={detail} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-900">Opened</dt>
        <dd className="mt-1.5 text-sm">{formatDateTime(detail.openedAt)}</dd>
      </div>
    </dl>
  );
}

function CaseNoteForm({ caseId, canWork, reasonId }: { caseId: string; canWork: boolean; reasonId: string }) {
  const addNote = useAddCaseNote();
  const [note, setNote] = useState('');
  const noteId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canWork) return;
    try {
      await toastPromise(addNote.mutateAsync({ caseId, note }), {
        pending: 'Adding the note...',
        success: 'Note added.',
        error: 'Failed to add the note.',
      });
      setNote('');
    } catch {
      // The toast said why; the text stays to be fixed.
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3">
      <label htmlFor={noteId} className="block text-base font-semibold text-gray-900">
        Internal note
      </label>
      <textarea
        id={noteId}
        rows={3}
        value={note}
        readOnly={!canWork}
        onChange={(event) => setNote(event.target.value)}
        className={inputClasses}
      />
      <CaseActionButton
        canWork={canWork}
        reasonId={reasonId}
        variant="secondary"
        type="submit"
        disabled={canWork && addNote.isPending}
      >
        Add note
      </CaseActionButton>
    </form>
  );
}

/** One case (decision 019): status, assignee, due time, reply, notes and history. */
export function CasePage({ caseId, canWork }: { caseId: string; canWork: boolean }) {
  const found = useCase(caseId);
  const reasonId = useId();
  const back = (
    <Link
      to="/alerts/cases"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to cases
    </Link>
  );
  if (found.isPending) return <LoadingText>Loading the case...</LoadingText>;
  if (found.isError) {
    return (
      <>
        {back}
        <StatusMessage
          tone="error"
          title={
            getErrorStatus(found.error) === 404
              ? 'Case not found.'
              : 'Error loading the case. Please try again.'
          }
        />
      </>
    );
  }
  const detail = found.data;
  return (
    <>
      {back}
      <PageHeader
        title={`${detail.alertName}: ${detail.respondent}`}
        description={`${detail.templateName} · case opened ${formatDateTime(detail.openedAt)}`}
      />
      {!canWork && <ViewerReason id={reasonId} />}
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <CaseControls detail={detail} canWork={canWork} reasonId={reasonId} />
          <p className="text-sm">
            <Link
              to={surveyResponsePath(detail.surveyTemplateVersionId, detail.surveyId)}
              className="font-medium text-indigo-700 hover:underline"
            >
              View the response
            </Link>
          </p>
          <CaseReplyForm detail={detail} canWork={canWork} reasonId={reasonId} />
          <CaseNoteForm caseId={detail.caseId} canWork={canWork} reasonId={reasonId} />
        </div>
        <CaseHistory events={detail.events} />
      </div>
    </>
  );
}
