import { type ContactSegment, describeSegmentCondition } from '@graphium/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useRoleReason } from '@/features/auth/api/use-can';
import { formatNumber } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useDeleteSegment } from '../api/delete-segment';
import { useContactAttributes } from '../api/get-contact-attributes';
import { useSegments } from '../api/get-segments';
import { SegmentBuilderModal } from './segment-builder-modal';
import { SegmentMembersModal } from './segment-members-modal';

/** Saved segments with what they mean and how many contacts match now (decision 038). */
export function SegmentsSection() {
  const segments = useSegments();
  const attributes = useContactAttributes().data?.attributes ?? [];
  const remove = useDeleteSegment();
  const reason = useRoleReason('editor', 'change segments');
  const [isBuilding, setIsBuilding] = useState(false);
  const [viewing, setViewing] = useState<ContactSegment | undefined>();
  const headingId = useId();
  const labelOf = (name: string) =>
    attributes.find((attribute) => attribute.name === name)?.displayName ?? name;

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Segments
        </h2>
        <Button variant="secondary" disabledReason={reason} onClick={() => setIsBuilding(true)}>
          New Segment
        </Button>
      </div>
      {segments.isPending ? (
        <LoadingText>Loading segments...</LoadingText>
      ) : segments.isError ? (
        <StatusMessage tone="error" title="Error loading segments. Please try again." />
      ) : segments.data.segments.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          No segments yet. A segment picks contacts by their answers, their survey history and their
          attributes; the Send Survey dialog can send to it.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
          {segments.data.segments.map((segment) => (
            <li key={segment.segmentId} className="flex items-start justify-between gap-4 px-4 py-3">
              <div>
                <p className="font-medium text-gray-900">{segment.name}</p>
                <p className="text-sm text-gray-600">
                  {segment.filter.conditions
                    .map((condition) => describeSegmentCondition(condition, labelOf))
                    .join(' and ')}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <span className="text-sm text-gray-700">{formatNumber(segment.memberCount)} contacts</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`View members of ${segment.name}`}
                  onClick={() => setViewing(segment)}
                >
                  Members
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabledReason={reason}
                  aria-label={`Delete segment ${segment.name}`}
                  onClick={() =>
                    void toastPromise(remove.mutateAsync(segment.segmentId), {
                      pending: 'Deleting segment...',
                      success: 'Segment deleted.',
                      error: 'Failed to delete the segment.',
                    }).catch(() => undefined)
                  }
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SegmentBuilderModal isOpen={isBuilding} onOpenChange={setIsBuilding} />
      <SegmentMembersModal segment={viewing} onClose={() => setViewing(undefined)} />
    </section>
  );
}
