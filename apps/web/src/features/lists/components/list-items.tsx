import type { ListItem } from '@graphium/shared';
import { FileUp, Plus, Rows3 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { roleReason } from '@/features/auth/api/use-can';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useList } from '../api/get-list';
import { useUpdateListItem } from '../api/update-list-item';
import { ImportItemsModal } from './import-items-modal';
import { ItemFormModal } from './item-form-modal';
import { ItemsTable } from './items-table';

type ListItemsProps = { listId: string; canEdit: boolean };

/** The Items tab (the default one). */
export function ListItems({ listId, canEdit }: ListItemsProps) {
  const list = useList(listId);
  const updateItem = useUpdateListItem();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [editedItem, setEditedItem] = useState<ListItem>();
  const shownItem = useLastDefined(editedItem);
  const onEdit = useCallback((item: ListItem) => setEditedItem(item), []);
  const { mutateAsync } = updateItem;
  const onArchive = useCallback(
    (item: ListItem, isArchived: boolean) => {
      const [pending, success, error] = isArchived
        ? ['Archiving list item...', 'List item archived successfully!', 'Failed to archive list item.']
        : ['Restoring list item...', 'List item restored successfully!', 'Failed to restore list item.'];
      void toastPromise(mutateAsync({ listId, itemId: item.listItemId, changes: { isArchived } }), {
        pending,
        success,
        error,
      }).catch(() => undefined);
    },
    [listId, mutateAsync],
  );
  if (!list.data) return null;
  const { listItems: items, listProperties: properties } = list.data;
  const isEditable = canEdit && list.data.listState !== 'ARCHIVED';
  const roleBlock = (action: string) => (canEdit ? undefined : roleReason('editor', action));
  const hasActiveProperties = properties.some((property) => property.active);
  const archivedCount = items.filter((item) => item.isArchived).length;

  return (
    <section aria-labelledby="list-items-heading">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 id="list-items-heading" className="text-lg font-semibold text-gray-900">
            Items
          </h3>
          {items.length > 0 && (
            <p className="text-sm text-gray-600">
              {items.length - archivedCount} active
              {archivedCount > 0 ? `, ${archivedCount} archived` : ''}
            </p>
          )}
        </div>
        {list.data.listState !== 'ARCHIVED' && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => setIsImportOpen(true)}
              disabled={!hasActiveProperties}
              disabledReason={roleBlock('import items')}
            >
              <FileUp className="size-4" aria-hidden="true" />
              Import CSV
            </Button>
            <Button onClick={() => setIsAddOpen(true)} disabledReason={roleBlock('add items')}>
              <Plus className="size-4" aria-hidden="true" />
              Add Item
            </Button>
          </div>
        )}
      </div>
      {!hasActiveProperties ? (
        <EmptyState icon={Rows3} title="Properties must exist first">
          Items hold a value for each active property.{' '}
          <Link to={`/settings/lists/${listId}/properties`} className="font-medium text-indigo-700 underline">
            Add properties
          </Link>{' '}
          before adding items.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={Rows3} title="No items yet">
          Add items one by one, or import them from a CSV file.
        </EmptyState>
      ) : (
        <ItemsTable
          items={items}
          properties={properties}
          canEdit={isEditable}
          roleBlock={roleBlock('change items')}
          onEdit={onEdit}
          onArchive={onArchive}
        />
      )}
      <ItemFormModal listId={listId} properties={properties} isOpen={isAddOpen} onOpenChange={setIsAddOpen} />
      <ItemFormModal
        listId={listId}
        properties={properties}
        isOpen={editedItem !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEditedItem(undefined)}
        item={shownItem}
      />
      <ImportItemsModal
        listId={listId}
        properties={properties}
        isOpen={isImportOpen}
        onOpenChange={setIsImportOpen}
      />
    </section>
  );
}
