import { type CreateListInput, createListSchema, type List } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { getErrorDetails } from '@/lib/api-client';
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

/** Create List (part 1 §5) and Edit List: a name of 2 to 99 characters and an optional description. */
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

  // Opening the dialog starts from the list as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (isOpen) reset(defaults);
  }, [isOpen]);

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
      const details = getErrorDetails(error);
      if (details.listName) setError('listName', { message: details.listName });
      if (details.listDescription) setError('listDescription', { message: details.listDescription });
      return;
    }
    onOpenChange(false);
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit List' : 'Create List'}
      description={isEditing ? undefined : 'A list holds lookup data your surveys can use.'}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isEditing
              ? isSubmitting
                ? 'Saving...'
                : 'Save Changes'
              : isSubmitting
                ? 'Creating...'
                : 'Create List'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="space-y-5" noValidate>
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
      </form>
    </Modal>
  );
}
