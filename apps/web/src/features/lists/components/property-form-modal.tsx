import {
  type ListProperty,
  type ListPropertyInput,
  listPropertyInputSchema,
  listPropertyTypeLabels,
  listPropertyTypes,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateListProperty } from '../api/create-list-property';
import { useUpdateListProperty } from '../api/update-list-property';

type PropertyFormValues = z.output<typeof listPropertyInputSchema>;

const typeOptions = listPropertyTypes.map((type) => ({ value: type, label: listPropertyTypeLabels[type] }));
const fieldNames = ['name', 'displayName', 'description', 'type'] as const;
const formId = 'list-property-form';

type PropertyFormModalProps = {
  listId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The property to edit; none adds a new one. */
  property?: ListProperty | undefined;
  /** The list's current default label, named in the hint when choosing another. */
  defaultLabelName?: string | undefined;
};

function valuesOf(property: ListProperty | undefined): ListPropertyInput {
  return {
    name: property?.name ?? '',
    displayName: property?.displayName ?? '',
    description: property?.description ?? '',
    type: property?.type ?? 'STRING',
    active: property?.active ?? true,
    isDefaultLabel: property?.isDefaultLabel ?? false,
  };
}

/** Add/Edit Property (part 1 §5): name, display name and description required; one of six types. */
export function PropertyFormModal({
  listId,
  isOpen,
  onOpenChange,
  property,
  defaultLabelName,
}: PropertyFormModalProps) {
  const createProperty = useCreateListProperty();
  const updateProperty = useUpdateListProperty();
  const isEditing = property !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ListPropertyInput, unknown, PropertyFormValues>({
    resolver: zodResolver(listPropertyInputSchema),
    defaultValues: valuesOf(property),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the property as it is on opening
  useEffect(() => {
    if (isOpen) reset(valuesOf(property));
  }, [isOpen]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (property) {
        await toastPromise(
          updateProperty.mutateAsync({ listId, propertyId: property.id, listProperty: values }),
          {
            pending: 'Updating list property...',
            success: 'List property updated successfully!',
            error: 'Failed to update list property.',
          },
        );
      } else {
        await toastPromise(createProperty.mutateAsync({ listId, listProperty: values }), {
          pending: 'Creating list property...',
          success: 'List property created successfully!',
          error: 'Failed to create list property.',
        });
      }
    } catch (error) {
      const details = getErrorDetails(error);
      for (const field of fieldNames) {
        const message = details[`listProperty.${field}`];
        if (message) setError(field, { message });
      }
      return;
    }
    onOpenChange(false);
  });

  const otherDefault =
    defaultLabelName && defaultLabelName !== property?.displayName ? defaultLabelName : undefined;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Property' : 'Add Property'}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : isEditing ? 'Save Changes' : 'Add Property'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="space-y-5" noValidate>
        <TextField
          label="Property Name"
          autoComplete="off"
          spellCheck={false}
          hint="The key of the values, and a CSV column header. Letters, digits, hyphens and underscores."
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Display Name"
          autoComplete="off"
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <TextField
          label="Description"
          autoComplete="off"
          error={errors.description?.message}
          {...register('description')}
        />
        <Controller
          control={control}
          name="type"
          render={({ field, fieldState }) => (
            <SelectField
              label="Type"
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              options={typeOptions}
              error={fieldState.error?.message}
            />
          )}
        />
        <CheckboxField label="Active (shown in the items table and the item form)" {...register('active')} />
        <CheckboxField
          label="Default label (items are shown by this value in surveys)"
          hint={
            otherDefault ? (
              <p className="mt-1 ml-7 text-sm text-gray-600">
                Choosing it replaces {otherDefault} as the default label.
              </p>
            ) : undefined
          }
          {...register('isDefaultLabel')}
        />
      </form>
    </Modal>
  );
}
