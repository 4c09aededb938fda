import { type CreateListInput, createListSchema, type List } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors, useWhenOpened } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useCreateList } from '../api/create-list';
import { useUpdateList } from '../api/update-list';
import { TextAreaField } from './text-area-field';

type ListFormValues = z.output<typeof createListSchema>;

type ListFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The list to edit; none creates a new one. */
  list?: Pick<List, 'listId' | 'listName' | 'listDescription'> | undefined;
  onCreated?: (list: List) => void;
};

/**
 * Create List (docs/product-rules.md#lookup-lists) and Edit List: a name of 2 to 99 characters and an
 * optional description.
 */
export function ListFormModal({ isOpen, onOpenChange, list, onCreated }: ListFormModalProps) {
  const createList = useCreateList();
  const updateList = useUpdateList();
  const isEditing = list !== undefined;
  const formId = isEditing ? 'edit-list-form' : 'create-list-form';
  const defaults = { listName: list?.listName ?? '', listDescription: list?.listDescription ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateListInput, unknown, ListFormValues>({
    resolver: zodResolver(createListSchema),
    defaultValues: defaults,
  });

  useWhenOpened(isOpen, () => reset(defaults));

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (list) {
        await toastPromise(updateList.mutateAsync({ listId: list.listId, changes: values }), {
          pending: 'Updating list...',
          success: 'List updated successfully!',
          error: 'Failed to update list.',
        });
      } else {
        const created = await toastPromise(createList.mutateAsync(values), {
          pending: 'Creating list...',
          success: 'List created successfully!',
          error: 'Failed to create list.',
        });
        onCreated?.(created);
      }
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['listName', 'listDescription']));
      return;
    }
    onOpenChange(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit List' : 'Create List'}
      description={isEditing ? undefined : 'A list holds lookup data your surveys can use.'}
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={isEditing ? 'Save Changes' : 'Create List'}
      pendingLabel={isEditing ? 'Saving...' : 'Creating...'}
    >
      <TextField
        label="List Name"
        autoComplete="off"
        error={errors.listName?.message}
        {...register('listName')}
      />
      <TextAreaField
        label="Description (optional)"
        error={errors.listDescription?.message}
        {...register('listDescription')}
      />
    </FormDialog>
  );
}
