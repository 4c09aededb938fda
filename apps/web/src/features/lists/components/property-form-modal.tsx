import {
  type ListProperty,
  type ListPropertyInput,
  listPropertyInputSchema,
  listPropertyTypeLabels,
  listPropertyTypes,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, showServerFieldErrors, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
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

/**
 * Add/Edit Property (docs/product-rules.md#properties-and-questions): name, display name and description
 * required; one of six types.
 */
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

  useWhenOpened(isOpen, () => reset(valuesOf(property)));

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
      showServerFieldErrors(error, setError, (name) =>
        fieldNames.find((field) => name === `listProperty.${field}`),
      );
      return;
    }
    onOpenChange(false);
  });

  const otherDefault =
    defaultLabelName && defaultLabelName !== property?.displayName ? defaultLabelName : undefined;

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Property' : 'Add Property'}
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={isEditing ? 'Save Changes' : 'Add Property'}
      pendingLabel="Saving..."
    >
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
    </FormDialog>
  );
}
