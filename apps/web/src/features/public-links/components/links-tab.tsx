import { hiddenFieldKey, type PublicLink, type SurveyProperty } from '@graphium/shared';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { LoadingText } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDeletePublicLink } from '../api/delete-public-link';
import { usePublicLinks } from '../api/get-public-links';
import { LinkCard } from './link-card';
import { LinkFormModal } from './link-form-modal';

type LinksTabProps = {
  templateId: string;
  templateName: string;
  /** Whether the template has a published version: links answer with it. */
  isPublished: boolean;
  properties: readonly SurveyProperty[];
  /** Why the member cannot change links (viewers), or undefined. */
  editReason: string | undefined;
};

/**
 * A survey template's public links (decision 024): each new visitor of a link gets a
 * survey of the published version. Editors create, change and delete them; viewers read.
 */
export function LinksTab({ templateId, templateName, isPublished, properties, editReason }: LinksTabProps) {
  const query = usePublicLinks(templateId);
  const remove = useDeletePublicLink();
  const [editing, setEditing] = useState<{ link?: PublicLink } | null>(null);
  const [deleting, setDeleting] = useState<PublicLink | null>(null);
  const linkPrefix = `${window.location.origin}/s/`;
  const hiddenFieldKeys = properties
    .filter((property) => property.hiddenField)
    .map((property) => hiddenFieldKey(property.label));
  const newReason =
    editReason ?? (isPublished ? undefined : 'Publish the template before creating a public link.');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await toastPromise(remove.mutateAsync(deleting.publicLinkId), {
        pending: 'Deleting link...',
        success: 'Public link deleted.',
        error: 'Failed to delete the link.',
      });
      setDeleting(null);
    } catch {
      // The toast said why; the dialog stays open.
    }
  };

  return (
    <section aria-labelledby="public-links-heading">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="public-links-heading" className="text-lg font-semibold text-gray-900">
            Public Links
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Share a link, print its QR code or embed the survey on a website: each new visitor answers a
            survey of the published version.
          </p>
        </div>
        <Button onClick={() => setEditing({})} disabledReason={newReason}>
          New Link
        </Button>
      </div>
      {query.isPending ? (
        <LoadingText>Loading links...</LoadingText>
      ) : query.isError ? (
        <LoadError title="Error loading links" onRetry={() => void query.refetch()}>
          <p>{getErrorMessage(query.error, 'Unknown error')}</p>
        </LoadError>
      ) : query.data.publicLinks.length === 0 ? (
        <EmptyState icon={Link2} title="No public links yet">
          {isPublished
            ? 'Create a link to let anyone answer this survey.'
            : 'Publish the template to create public links.'}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {query.data.publicLinks.map((link) => (
            <LinkCard
              key={link.publicLinkId}
              link={link}
              hiddenFieldKeys={hiddenFieldKeys}
              editReason={editReason}
              onEdit={() => setEditing({ link })}
              onDelete={() => setDeleting(link)}
            />
          ))}
        </div>
      )}
      <LinkFormModal
        isOpen={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
        templateId={templateId}
        templateName={templateName}
        link={editing?.link}
        linkPrefix={linkPrefix}
      />
      <Modal
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete Public Link"
        size="small"
        description={`Delete "${deleting?.name ?? ''}"? Its address stops working. A link that started surveys cannot be deleted: set a close date instead.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} disabled={remove.isPending}>
              Delete Link
            </Button>
          </>
        }
      >
        {null}
      </Modal>
    </section>
  );
}
