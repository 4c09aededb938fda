import {
  type AddSuppressionInput,
  type addSuppressionSchema,
  addSuppressionSchemaFor,
  isErasedContact,
  type Suppression,
  type SuppressionReason,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { LoadingText } from '@/components/ui/status-message';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useAddSuppression } from '../api/add-suppression';
import { useFormatPhone, usePhoneCountry } from '../api/get-notification-settings';
import { useSuppressions } from '../api/get-suppressions';
import { useRemoveSuppression } from '../api/remove-suppression';
import { SettingsSection } from './settings-section';

const suppressionsLoadErrorMessage = 'Failed to load the suppression list. Please try again.';

const reasonLabels: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribed',
  'added-by-staff': 'Added by staff',
};

function formatContact(
  suppression: Pick<Suppression, 'contact' | 'contactType'>,
  formatPhone: (stored: string) => string,
): string {
  // An erased respondent's entry keeps a one-way key, not the address (decision 043).
  if (isErasedContact(suppression.contact)) return 'Erased respondent';
  return suppression.contactType === 'phone' ? formatPhone(suppression.contact) : suppression.contact;
}

type SuppressionListProps = { canEdit: boolean };

/** Contacts this workspace never messages (decision 008): unsubscribed or added by staff. */
export function SuppressionList({ canEdit }: SuppressionListProps) {
  const suppressions = useSuppressions();
  const [removed, setRemoved] = useState<Suppression>();

  return (
    <SettingsSection
      title="Suppression list"
      description="Contacts on this list never receive surveys, reminders or other messages from this workspace. People who unsubscribe are added automatically; sending to them is reported as skipped."
    >
      {canEdit && <AddSuppressionForm />}
      <div className={canEdit ? 'mt-6' : undefined}>
        {suppressions.isPending ? (
          <LoadingText>Loading suppression list...</LoadingText>
        ) : suppressions.isError ? (
          <LoadError title={suppressionsLoadErrorMessage} onRetry={() => void suppressions.refetch()} />
        ) : suppressions.data.suppressions.length === 0 ? (
          <p className="rounded-lg bg-gray-50 px-4 py-6 text-center text-sm text-gray-600">
            No suppressed contacts
          </p>
        ) : (
          <SuppressionTable
            suppressions={suppressions.data.suppressions}
            canEdit={canEdit}
            onRemove={setRemoved}
          />
        )}
      </div>
      <RemoveSuppressionDialog suppression={removed} onClose={() => setRemoved(undefined)} />
    </SettingsSection>
  );
}

function AddSuppressionForm() {
  const addSuppression = useAddSuppression();
  const phoneCountry = usePhoneCountry();
  const schema = useMemo(() => addSuppressionSchemaFor(phoneCountry), [phoneCountry]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddSuppressionInput, unknown, z.output<typeof addSuppressionSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { contact: '' },
  });

  const add = handleSubmit(async (values) => {
    try {
      await toastPromise(addSuppression.mutateAsync(values), {
        pending: 'Adding contact...',
        success: 'Contact added to the suppression list!',
        error: 'Failed to add contact.',
      });
      reset({ contact: '' });
    } catch (error) {
      setError('contact', { message: getErrorDetails(error).contact ?? getErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={add} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        className="flex-1"
        label="E-mail address or phone number"
        autoComplete="off"
        placeholder="name@example.com or (555) 123-4567"
        error={errors.contact?.message}
        {...register('contact')}
      />
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        <Plus className="size-4" aria-hidden="true" />
        {isSubmitting ? 'Adding...' : 'Add Contact'}
      </Button>
    </form>
  );
}

type SuppressionTableProps = {
  suppressions: Suppression[];
  canEdit: boolean;
  onRemove: (suppression: Suppression) => void;
};

function SuppressionTable({ suppressions, canEdit, onRemove }: SuppressionTableProps) {
  const formatPhone = useFormatPhone();
  const columns = useMemo<ColumnDef<Suppression>[]>(
    () => [
      {
        id: 'contact',
        header: 'Contact',
        cell: ({ row: { original } }) => (
          <span className="font-medium text-gray-900">{formatContact(original, formatPhone)}</span>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        cell: ({ row: { original } }) => (original.contactType === 'email' ? 'E-mail' : 'Phone'),
      },
      {
        id: 'reason',
        header: 'Reason',
        cell: ({ row: { original } }) => (
          <Badge tone={original.reason === 'unsubscribed' ? 'amber' : 'gray'}>
            {reasonLabels[original.reason]}
          </Badge>
        ),
      },
      { id: 'added', header: 'Added', cell: ({ row: { original } }) => formatDate(original.createdAt) },
      ...(canEdit
        ? [
            {
              id: 'remove',
              header: 'Remove',
              cell: ({ row: { original } }) => (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemove(original)}
                  aria-label={`Remove ${formatContact(original, formatPhone)}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove
                </Button>
              ),
            } satisfies ColumnDef<Suppression>,
          ]
        : []),
    ],
    [canEdit, onRemove, formatPhone],
  );
  const table = useReactTable({
    data: suppressions,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.contact,
  });
  return <DataTable table={table} caption="Suppressed contacts" />;
}

function RemoveSuppressionDialog({
  suppression,
  onClose,
}: {
  suppression: Suppression | undefined;
  onClose: () => void;
}) {
  const removeSuppression = useRemoveSuppression();
  const formatPhone = useFormatPhone();
  const shown = useLastDefined(suppression);

  const remove = async () => {
    if (!suppression) return;
    try {
      await toastPromise(removeSuppression.mutateAsync(suppression.contact), {
        pending: 'Removing contact...',
        success: 'Contact removed from the suppression list!',
        error: 'Failed to remove contact.',
      });
    } catch {
      return;
    }
    onClose();
  };

  return (
    <Modal
      isOpen={suppression !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Remove Contact"
      size="small"
      description={
        shown ? `Remove ${formatContact(shown, formatPhone)} from the suppression list?` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={removeSuppression.isPending}>
            {removeSuppression.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">
        {shown?.reason === 'unsubscribed'
          ? 'This person unsubscribed. Remove them only if they asked to receive messages again.'
          : 'This workspace will be able to send them surveys and reminders again.'}
      </p>
    </Modal>
  );
}
