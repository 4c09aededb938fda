import type { List } from '@graphium/shared';
import clsx from 'clsx';
import { Archive, ArrowLeft, Pencil, Send, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useList } from '../api/get-list';
import { useUpdateListState } from '../api/update-list-state';
import { ArchiveListDialog } from './archive-list-dialog';
import { ListFormModal } from './list-form-modal';
import { ListStateBadge } from './list-state-badge';

type ListDetailProps = {
  listId: string;
  canEdit: boolean;
  /** The Items or Properties tab, chosen by the URL. */
  children: ReactNode;
};

const backLink = (
  <Link
    to="/settings/lists"
    className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Lists
  </Link>
);

/**
 * List detail (docs/product-rules.md#lookup-lists): back link, name, status, description, actions and the two
 * tabs.
 */
export function ListDetail({ listId, canEdit, children }: ListDetailProps) {
  const list = useList(listId);
  useDocumentTitle(list.data?.listName ?? 'List');

  if (list.isPending) {
    return (
      <div>
        {backLink}
        <LoadingText>Loading list...</LoadingText>
      </div>
    );
  }
  if (list.isError) {
    return (
      <div>
        {backLink}
        {getErrorStatus(list.error) === 404 ? (
          <StatusMessage tone="error" title="List not found">
            It may have been removed, or it belongs to another workspace.
          </StatusMessage>
        ) : (
          <LoadError
            title={`Error loading list: ${getErrorMessage(list.error)}`}
            onRetry={() => void list.refetch()}
          />
        )}
      </div>
    );
  }
  return (
    <div>
      {backLink}
      <ListHeader list={list.data} canEdit={canEdit} />
      <nav aria-label="List sections" className="mb-6 border-b border-gray-200">
        <ul className="-mb-px flex gap-6">
          {[
            { to: 'items', label: 'Items' },
            { to: 'properties', label: 'Properties' },
          ].map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={`/settings/lists/${listId}/${tab.to}`}
                className={({ isActive }) =>
                  clsx(
                    'inline-block border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                    isActive
                      ? 'border-indigo-600 text-indigo-700'
                      : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

function ListHeader({ list, canEdit }: { list: List; canEdit: boolean }) {
  const updateState = useUpdateListState();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isArchiveOpen, setIsArchiveOpen] = useState(false);
  const isArchived = list.listState === 'ARCHIVED';
  const isPublished = list.listState === 'PUBLISHED';
  const roleBlock = (action: string) => (canEdit ? undefined : roleReason('editor', action));

  const togglePublished = async () => {
    const [pending, success, error] = isPublished
      ? ['Unpublishing list...', 'List unpublished successfully!', 'Failed to unpublish list.']
      : ['Publishing list...', 'List published successfully!', 'Failed to publish list.'];
    await toastPromise(
      updateState.mutateAsync({ listId: list.listId, stateCode: isPublished ? 'UNPUBLISHED' : 'PUBLISHED' }),
      { pending, success, error },
    ).catch(() => undefined);
  };

  return (
    <div className="mb-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-bold tracking-tight wrap-anywhere text-gray-900">{list.listName}</h2>
            <ListStateBadge state={list.listState} />
          </div>
          {list.listDescription && <p className="mt-1 text-sm text-gray-600">{list.listDescription}</p>}
        </div>
        {!isArchived && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => setIsEditOpen(true)}
              disabledReason={roleBlock('edit lists')}
            >
              <Pencil className="size-4" aria-hidden="true" />
              Edit List
            </Button>
            <Button
              variant="secondary"
              onClick={() => setIsArchiveOpen(true)}
              disabledReason={roleBlock('archive lists')}
            >
              <Archive className="size-4" aria-hidden="true" />
              Archive
            </Button>
            <Button
              onClick={() => void togglePublished()}
              disabled={updateState.isPending}
              disabledReason={roleBlock(`${isPublished ? 'unpublish' : 'publish'} lists`)}
            >
              {isPublished ? (
                <Undo2 className="size-4" aria-hidden="true" />
              ) : (
                <Send className="size-4" aria-hidden="true" />
              )}
              {isPublished ? 'Unpublish' : 'Publish'}
            </Button>
          </div>
        )}
      </div>
      {isArchived && (
        <StatusMessage className="mt-4" title="This list is archived">
          It can no longer be published or changed.
        </StatusMessage>
      )}
      {!canEdit && !isArchived && (
        <p className="mt-4 text-sm text-gray-600">Only workspace editors and admins can change lists.</p>
      )}
      <ListFormModal isOpen={isEditOpen} onOpenChange={setIsEditOpen} list={list} />
      <ArchiveListDialog list={list} isOpen={isArchiveOpen} onOpenChange={setIsArchiveOpen} />
    </div>
  );
}
