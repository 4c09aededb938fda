import {
  type ApiKeyScope,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeySchema,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useCreateApiKey } from '../api/create-api-key';
import { scopeLabels } from './scope-labels';

type GenerateApiKeyValues = z.output<typeof createApiKeySchema>;

const scopeOptions: { value: ApiKeyScope; description: string }[] = [
  { value: 'read', description: 'Can read lists and survey data.' },
  { value: 'read-write', description: 'Can also create and change them.' },
];

type GenerateApiKeyModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onGenerated: (created: CreatedApiKey) => void;
};

const formId = 'generate-api-key-form';

export function GenerateApiKeyModal({ isOpen, onOpenChange, onGenerated }: GenerateApiKeyModalProps) {
  const createApiKey = useCreateApiKey();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyInput, unknown, GenerateApiKeyValues>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { apiKeyName: '', apiKeyDescription: '', scope: 'read' },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    let created: CreatedApiKey;
    try {
      created = await toastPromise(createApiKey.mutateAsync(values), {
        pending: 'Generating API key...',
        success: 'API key generated successfully!',
        error: 'Failed to generate API key.',
      });
    } catch (error) {
      showServerFieldErrors(error, setError, sameNames(['apiKeyName', 'apiKeyDescription', 'scope']));
      return;
    }
    changeOpen(false);
    onGenerated(created);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={changeOpen}
      title="Generate API Key"
      description="Programs send the key to call the Graphium API on behalf of your business."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={'Generate API Key'}
      pendingLabel="Generating..."
    >
      <TextField
        label="API Key Name"
        autoComplete="off"
        placeholder="e.g. CRM integration"
        error={errors.apiKeyName?.message}
        {...register('apiKeyName')}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        placeholder="What the key is used for"
        error={errors.apiKeyDescription?.message}
        {...register('apiKeyDescription')}
      />
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Access</legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {scopeOptions.map((option) => (
                <label
                  key={option.value}
                  className={clsx(
                    'flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-inset',
                    field.value === option.value
                      ? 'bg-indigo-50 ring-indigo-600'
                      : 'ring-gray-300 hover:bg-gray-50',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={option.value}
                    className="mt-0.5 accent-indigo-600"
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    onBlur={field.onBlur}
                  />
                  <span>
                    <span className="block text-sm font-medium text-gray-900">
                      {scopeLabels[option.value]}
                    </span>
                    <span className="block text-sm text-gray-600">{option.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
    </FormDialog>
  );
}
