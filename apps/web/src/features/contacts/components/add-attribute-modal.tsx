import {
  type CreateContactAttributeInput,
  createContactAttributeSchema,
  listPropertyTypeLabels,
  listPropertyTypes,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { toastPromise } from '@/lib/toast';
import { useCreateContactAttribute } from '../api/create-contact-attribute';

type AttributeValues = z.output<typeof createContactAttributeSchema>;
const formId = 'add-contact-attribute-form';
const typeOptions = listPropertyTypes.map((type) => ({ value: type, label: listPropertyTypeLabels[type] }));

/** A typed attribute the workspace's contacts may carry (the lookup lists' types). */
export function AddAttributeModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const create = useCreateContactAttribute();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateContactAttributeInput, unknown, AttributeValues>({
    resolver: zodResolver(createContactAttributeSchema),
    defaultValues: { name: '', displayName: '', type: 'STRING' },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(create.mutateAsync(values), {
        pending: 'Adding attribute...',
        success: `Attribute ${values.displayName} added.`,
        error: 'Failed to add the attribute.',
      });
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['name', 'displayName', 'type']));
      return;
    }
    changeOpen(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="Add Attribute"
      description="Contacts may carry a value of this type; imports and the API fill it."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Add Attribute"
      pendingLabel="Adding..."
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Display Name"
        autoComplete="off"
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <Controller
        control={control}
        name="type"
        render={({ field, fieldState }) => (
          <SelectField
            label="Type"
            name={field.name}
            value={field.value ?? 'STRING'}
            onValueChange={field.onChange}
            options={typeOptions}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormDialog>
  );
}
