import type { PublicLink } from '@graphium/shared';
import { useForm } from 'react-hook-form';
import { FormDialog, showServerFieldErrors, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, FieldError, inputClasses, TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useSavePublicLink } from '../api/save-public-link';
import { type LinkFormValues, linkFormValues, readLinkForm } from './link-form';

type LinkFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  templateId: string;
  templateName: string;
  /** The link to change; none: a new one. */
  link?: PublicLink | undefined;
  /** The address links start with, before the slug. */
  linkPrefix: string;
};

const formId = 'public-link-form';
const fieldNames: (keyof LinkFormValues)[] = [
  'name',
  'slug',
  'closesAt',
  'maxCompletedResponses',
  'hourlyCap',
  'onePerBrowser',
  'onePerContact',
  'frameOrigins',
  'logoInQrCode',
];

export function LinkFormModal({
  isOpen,
  onOpenChange,
  templateId,
  templateName,
  link,
  linkPrefix,
}: LinkFormModalProps) {
  const save = useSavePublicLink();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues>({ defaultValues: linkFormValues(link, templateName) });
  useWhenOpened(isOpen, () => reset(linkFormValues(link, templateName)));

  const onSubmit = handleSubmit(async (values) => {
    const read = readLinkForm(values);
    if (read.errors) {
      for (const [field, message] of Object.entries(read.errors)) {
        setError(field as keyof LinkFormValues, { message });
      }
      return;
    }
    try {
      await toastPromise(
        save.mutateAsync({
          publicLinkId: link?.publicLinkId,
          fields: read.fields,
          surveyTemplateId: templateId,
        }),
        {
          pending: link ? 'Saving link...' : 'Creating link...',
          success: link ? 'Link saved.' : 'Link created.',
          error: link ? 'Failed to save the link.' : 'Failed to create the link.',
        },
      );
    } catch (error) {
      showServerFieldErrors(error, setError, (name) => fieldNames.find((field) => name.startsWith(field)));
      return;
    }
    onOpenChange(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={link ? 'Edit Public Link' : 'New Public Link'}
      description="Anyone with the link can answer: each new visitor gets a survey of the published version."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={link ? 'Save Link' : 'Create Link'}
      pendingLabel={link ? 'Saving...' : 'Creating...'}
    >
      <TextField label="Link name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Address"
        autoComplete="off"
        placeholder="summer-offer"
        hint={<p className="mt-1.5 text-sm text-gray-600">{`${linkPrefix}…`}</p>}
        error={errors.slug?.message}
        {...register('slug')}
      />
      <TextField
        label="Close date (optional)"
        type="datetime-local"
        error={errors.closesAt?.message}
        {...register('closesAt')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Maximum completed responses (optional)"
          type="number"
          min={1}
          inputMode="numeric"
          error={errors.maxCompletedResponses?.message}
          {...register('maxCompletedResponses')}
        />
        <TextField
          label="Surveys per hour, at most (optional)"
          type="number"
          min={1}
          inputMode="numeric"
          error={errors.hourlyCap?.message}
          {...register('hourlyCap')}
        />
      </div>
      <CheckboxField label="One response per browser" {...register('onePerBrowser')} />
      <CheckboxField
        label="One response per contact (when the link carries ?email= or ?phone=)"
        {...register('onePerContact')}
      />
      <div>
        <label htmlFor="public-link-frame-origins" className="block text-sm font-medium text-gray-900">
          Sites that may embed the survey (one per line)
        </label>
        <textarea
          id="public-link-frame-origins"
          rows={3}
          placeholder="https://www.example.com"
          className={`${inputClasses} mt-2`}
          aria-invalid={errors.frameOrigins ? true : undefined}
          aria-describedby={errors.frameOrigins ? 'public-link-frame-origins-error' : undefined}
          {...register('frameOrigins')}
        />
        <FieldError id="public-link-frame-origins-error" message={errors.frameOrigins?.message} />
      </div>
      <CheckboxField label="Show the workspace logo in the QR code" {...register('logoInQrCode')} />
    </FormDialog>
  );
}
