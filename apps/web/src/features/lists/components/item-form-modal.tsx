import { type ListItem, type ListProperty, validateListItemValues } from '@graphium/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateListItem } from '../api/create-list-item';
import { useUpdateListItem } from '../api/update-list-item';
import { hasAnyValue, type ItemFormValues, toFormValues, toRawValues } from './item-values';

const formId = 'list-item-form';

const inputTypes: Record<ListProperty['type'], string> = {
  STRING: 'text',
  NUMBER: 'text',
  BOOLEAN: 'checkbox',
  DATE: 'date',
  TIME: 'time',
  DATE_TIME: 'datetime-local',
};

type ItemFormModalProps = {
  listId: string;
  /** Every property of the list; the form shows the active ones (part 1 §5). */
  properties: ListProperty[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The item to edit; none adds a new one. */
  item?: ListItem | undefined;
};

/** Add/Edit Item (part 1 §5): a field per active property, checked by the shared item rules. */
export function ItemFormModal({ listId, properties, isOpen, onOpenChange, item }: ItemFormModalProps) {
  const createItem = useCreateListItem();
  const updateItem = useUpdateListItem();
  const isEditing = item !== undefined;
  const activeProperties = useMemo(() => properties.filter((property) => property.active), [properties]);

  const resolver = useCallback<Resolver<ItemFormValues>>(
    async (form) => {
      const { errors } = validateListItemValues(properties, toRawValues(activeProperties, form));
      const fieldErrors = Object.fromEntries(
        Object.entries(errors).map(([name, message]) => [name, { type: 'validate', message }]),
      );
      return Object.keys(fieldErrors).length > 0
        ? { values: {}, errors: { values: fieldErrors } as FieldErrors<ItemFormValues> }
        : { values: form, errors: {} };
    },
    [properties, activeProperties],
  );

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<ItemFormValues>({
    mode: 'onTouched',
    resolver,
    defaultValues: toFormValues(activeProperties, item?.listItemProperties),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the item as it is on opening
  useEffect(() => {
    if (isOpen) reset(toFormValues(activeProperties, item?.listItemProperties));
  }, [isOpen, activeProperties]);

  const form = watch();
  const canSubmit = activeProperties.length > 0 && isValid && hasAnyValue(form) && (!isEditing || isDirty);

  const onSubmit = handleSubmit(async (values) => {
    const listItemProperties = toRawValues(activeProperties, values);
    try {
      if (item) {
        await toastPromise(
          updateItem.mutateAsync({ listId, itemId: item.listItemId, changes: { listItemProperties } }),
          {
            pending: 'Updating list item...',
            success: 'List item updated successfully!',
            error: 'Failed to update list item.',
          },
        );
      } else {
        await toastPromise(createItem.mutateAsync({ listId, listItemProperties }), {
          pending: 'Creating list item...',
          success: 'List item created successfully!',
          error: 'Failed to create list item.',
        });
      }
    } catch (error) {
      for (const [name, message] of Object.entries(getErrorDetails(error))) {
        if (activeProperties.some((property) => property.name === name))
          setError(`values.${name}`, { message });
      }
      return;
    }
    onOpenChange(false);
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Item' : 'Add Item'}
      description="Every item holds a value for each active property of the list."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit || isSubmitting}>
            {isSubmitting ? 'Saving...' : isEditing ? 'Save Changes' : 'Add Item'}
          </Button>
        </>
      }
    >
      {activeProperties.length === 0 ? (
        <StatusMessage title="Properties must exist first">
          Add active properties to this list on the Properties tab, then come back to add its items.
        </StatusMessage>
      ) : (
        <form id={formId} onSubmit={onSubmit} className="space-y-5" noValidate>
          {activeProperties.map((property) => {
            const error = errors.values?.[property.name]?.message;
            const field = register(`values.${property.name}`);
            return property.type === 'BOOLEAN' ? (
              <CheckboxField key={property.id} label={property.displayName} error={error} {...field} />
            ) : (
              <TextField
                key={property.id}
                label={property.displayName}
                type={inputTypes[property.type]}
                inputMode={property.type === 'NUMBER' ? 'decimal' : undefined}
                autoComplete="off"
                hint={property.description}
                error={error}
                {...field}
              />
            );
          })}
        </form>
      )}
    </Modal>
  );
}
