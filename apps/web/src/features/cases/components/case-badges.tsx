import { type Case, type CaseStatus, caseStatusLabels, viewerCaseReason } from '@graphium/shared';
import type { ComponentProps } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

const statusTones: Record<CaseStatus, BadgeTone> = {
  open: 'amber',
  in_progress: 'blue',
  resolved: 'green',
  dismissed: 'gray',
};

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return <Badge tone={statusTones[status]}>{caseStatusLabels[status]}</Badge>;
}

/** The due time, marked when overdue; "No due time" without a response-time target. */
export function CaseDue({ item }: { item: Pick<Case, 'dueAt' | 'isOverdue'> }) {
  if (!item.dueAt) return <span className="text-gray-600">No due time</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{formatDateTime(item.dueAt)}</span>
      {item.isOverdue && <Badge tone="red">Overdue</Badge>}
    </span>
  );
}

/**
 * A button a viewer sees but cannot use: it stays focusable and says why on hover and focus
 * (aria-disabled, a title and a description), instead of failing with an error toast.
 */
export function CaseActionButton({
  canWork,
  reasonId,
  onClick,
  ...props
}: ComponentProps<typeof Button> & { canWork: boolean; reasonId: string }) {
  if (canWork) return <Button onClick={onClick} {...props} />;
  return (
    <Button
      {...props}
      aria-disabled="true"
      aria-describedby={reasonId}
      title={viewerCaseReason}
      className="cursor-not-allowed opacity-60"
      onClick={(event) => event.preventDefault()}
    />
  );
}

/** The reason the case's controls are read-only, referenced by them (viewers). */
export function ViewerReason({ id }: { id: string }) {
  return (
    <p id={id} role="note" className="mb-4 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700">
      {viewerCaseReason} Editors and admins work them.
    </p>
  );
}
