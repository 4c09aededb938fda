import type { ContactSegment } from '@graphium/shared';
import { Link } from 'react-router';
import { Modal } from '@/components/ui/modal';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { formatNumber } from '@/lib/format';
import { useSegmentMembers } from '../api/preview-segment';

/**
 * A saved segment's members now: how many, and the first ten with links to their pages. A read,
 * so every member of the workspace may open it (docs/decisions/047-connect-gaps.md).
 */
export function SegmentMembersModal({
  segment,
  onClose,
}: {
  segment: ContactSegment | undefined;
  onClose: () => void;
}) {
  const formatPhone = useFormatPhone();
  const members = useSegmentMembers(
    segment?.segmentId ?? '',
    segment?.filter ?? { conditions: [] },
    segment !== undefined,
  );
  return (
    <Modal
      isOpen={segment !== undefined}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={segment?.name ?? ''}
      description="The contacts that meet every condition of the segment now."
    >
      {members.isPending ? (
        <LoadingText>Loading members...</LoadingText>
      ) : members.isError ? (
        <StatusMessage tone="error" title="Error loading the members. Please try again." />
      ) : members.data.memberCount === 0 ? (
        <p className="text-sm text-gray-600">No contacts match this segment now.</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {formatNumber(members.data.memberCount)}{' '}
            {members.data.memberCount === 1 ? 'contact matches' : 'contacts match'} now; the first{' '}
            {members.data.contacts.length}:
          </p>
          <ul className="mt-2 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
            {members.data.contacts.map((contact) => (
              <li key={contact.contactId} className="px-4 py-2 text-sm">
                <Link
                  to={`/contacts/${contact.contactId}`}
                  className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {contact.name ?? contact.emailAddress ?? formatPhone(contact.phoneNumber ?? '')}
                </Link>
                {contact.name && (contact.emailAddress || contact.phoneNumber) && (
                  <span className="ml-2 text-gray-600">
                    {contact.emailAddress ?? formatPhone(contact.phoneNumber ?? '')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
