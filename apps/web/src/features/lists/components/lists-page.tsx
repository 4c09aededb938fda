import type { List, ListSummary } from '@graphium/shared';
import { List as ListIcon, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { roleReason } from '@/features/auth/api/use-can';
import { useLastDefined } from '@/lib/use-last-defined';
import { useLists } from '../api/get-lists';
import { ListFormModal } from './list-form-modal';
import { ListsTable } from './lists-table';

type ListsPageProps = {
  /** Editors and admins change lists; viewers only read them (the server enforces it too). */
  canEdit: boolean;
  onCreated: (list: List) => void;
};

export function ListsPage({ canEdit, onCreated }: ListsPageProps) {
  const lists = useLists();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [editedList, setEditedList] = useState<ListSummary>();
  const shownList = useLastDefined(editedList);
  const onEdit = useCallback((list: ListSummary) => setEditedList(list), []);
  const createButton = (
    <Button
      onClick={() => setIsCreateOpen(true)}
      disabledReason={canEdit ? undefined : roleReason('editor', 'create lists')}
    >
      <Plus className="size-4" aria-hidden="true" />
      Create List
    </Button>
  );

  return (
    <div>
      <PageHeader
        level={2}
        title="Lists"
        description="Lookup data your surveys can use, with properties and items."
        actions={createButton}
      />
      {lists.isError ? (
        <LoadError title="Unable to load lists" onRetry={() => void lists.refetch()}>
          <p>There was an error loading your lists. Please check your connection and try again.</p>
        </LoadError>
      ) : lists.data?.lists.length === 0 ? (
        <EmptyState icon={ListIcon} title="No lists yet" action={createButton}>
          {canEdit
            ? 'Create a list, give it properties, then add or import its items.'
            : 'Lists created in this workspace appear here.'}
        </EmptyState>
      ) : (
        <>
          {!canEdit && (
            <p className="mb-4 text-sm text-gray-600">
              Only workspace editors and admins can create and change lists.
            </p>
          )}
          <ListsTable lists={lists.data?.lists} canEdit={canEdit} onEdit={onEdit} />
        </>
      )}
      <ListFormModal isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} onCreated={onCreated} />
      <ListFormModal
        isOpen={editedList !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEditedList(undefined)}
        list={shownList}
      />
    </div>
  );
}
