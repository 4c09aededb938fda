import type { ListProperty } from '@graphium/shared';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { roleReason } from '@/features/auth/api/use-can';
import { useLastDefined } from '@/lib/use-last-defined';
import { useList } from '../api/get-list';
import { PropertiesTable } from './properties-table';
import { PropertyFormModal } from './property-form-modal';

type ListPropertiesProps = { listId: string; canEdit: boolean };

/** The Properties tab. */
export function ListProperties({ listId, canEdit }: ListPropertiesProps) {
  const list = useList(listId);
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [editedProperty, setEditedProperty] = useState<ListProperty>();
  const shownProperty = useLastDefined(editedProperty);
  const onEdit = useCallback((property: ListProperty) => setEditedProperty(property), []);
  if (!list.data) return null;
  const properties = list.data.listProperties;
  const isEditable = canEdit && list.data.listState !== 'ARCHIVED';
  const defaultLabelName = properties.find((property) => property.isDefaultLabel)?.displayName;
  const addButton = list.data.listState !== 'ARCHIVED' && (
    <Button
      onClick={() => setIsAddOpen(true)}
      disabledReason={canEdit ? undefined : roleReason('editor', 'add properties')}
    >
      <Plus className="size-4" aria-hidden="true" />
      Add Property
    </Button>
  );

  return (
    <section aria-labelledby="list-properties-heading">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h3 id="list-properties-heading" className="text-lg font-semibold text-gray-900">
          Properties
        </h3>
        {properties.length > 0 && addButton}
      </div>
      {properties.length === 0 ? (
        <EmptyState icon={SlidersHorizontal} title="No properties yet" action={addButton}>
          Properties are the columns of a list: each item holds a value for each of them.
        </EmptyState>
      ) : (
        <PropertiesTable
          properties={properties}
          canEdit={isEditable}
          roleBlock={canEdit ? undefined : roleReason('editor', 'change properties')}
          onEdit={onEdit}
        />
      )}
      <PropertyFormModal
        listId={listId}
        isOpen={isAddOpen}
        onOpenChange={setIsAddOpen}
        defaultLabelName={defaultLabelName}
      />
      <PropertyFormModal
        listId={listId}
        isOpen={editedProperty !== undefined}
        onOpenChange={(isOpen) => !isOpen && setEditedProperty(undefined)}
        property={shownProperty}
        defaultLabelName={defaultLabelName}
      />
    </section>
  );
}
