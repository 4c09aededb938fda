import { type ListItem, type ListProperty, validateListItemValues } from '@graphium/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { FormDialog, showServerFieldErrors } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
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
  /** Every property of the list; the form shows the active ones (docs/product-rules.md#lookup-lists). */
  properties: ListProperty[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The item to edit; none adds a new one. */
  item?: ListItem | undefined;
};

/**
 * Add/Edit Item (docs/product-rules.md#lookup-lists): a field per active property, checked by the shared item
 * rules.
 */
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
      showServerFieldErrors(error, setError, (name) =>
        activeProperties.some((property) => property.name === name) ? (`values.${name}` as const) : undefined,
      );
      return;
    }
    onOpenChange(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Item' : 'Add Item'}
      description="Every item holds a value for each active property of the list."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      canSubmit={canSubmit}
      submitLabel={isEditing ? 'Save Changes' : 'Add Item'}
      pendingLabel="Saving..."
      unavailable={
        activeProperties.length === 0 ? (
          <StatusMessage title="Properties must exist first">
            Add active properties to this list on the Properties tab, then come back to add its items.
          </StatusMessage>
        ) : undefined
      }
    >
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
    </FormDialog>
  );
}
