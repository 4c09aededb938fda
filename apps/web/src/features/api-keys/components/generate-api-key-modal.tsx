import {
  type ApiArea,
  type ApiKeyScope,
  apiAreas,
  areaModeOf,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeySchema,
  normalizeScopes,
  scopeOf,
  scopesOfLevel,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sameNames, showServerFieldErrors } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { toastPromise } from '@/lib/toast';
import { useCreateApiKey } from '../api/create-api-key';
import { type AreaMode, areaLabels, areaModeLabels } from './scope-labels';

type GenerateApiKeyValues = z.output<typeof createApiKeySchema>;

const areaDescriptions: Record<ApiArea, string> = {
  responses: 'Survey responses and their scores.',
  templates: 'Survey templates and their versions.',
  contacts: 'The contacts surveys are sent to.',
  sends: 'Sending surveys by e-mail or SMS.',
};

/** The scopes with one area's access replaced. */
function withAreaMode(scopes: readonly ApiKeyScope[], area: ApiArea, mode: AreaMode): ApiKeyScope[] {
  const others = scopes.filter((scope) => !scope.startsWith(`${area}:`));
  const added = mode === 'none' ? [] : mode === 'read' ? [scopeOf(area, 'read')] : [scopeOf(area, 'write')];
  return normalizeScopes([...others, ...added]);
}

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
    defaultValues: { apiKeyName: '', apiKeyDescription: '', scopes: scopesOfLevel('read') },
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
      showServerFieldErrors(error, setError, sameNames(['apiKeyName', 'apiKeyDescription', 'scopes']));
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
        name="scopes"
        render={({ field }) => (
          <ScopesFieldset
            scopes={field.value ?? []}
            onChange={field.onChange}
            error={errors.scopes?.message}
          />
        )}
      />
    </FormDialog>
  );
}

type ScopesFieldsetProps = {
  scopes: readonly ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  error: string | undefined;
};

/** What the key may do, per area of the API (docs/decisions/037-public-api-v1.md). */
function ScopesFieldset({ scopes, onChange, error }: ScopesFieldsetProps) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-900">Access</legend>
      <p className="text-sm text-gray-600">What programs using this key may do in each area.</p>
      <div className="mt-2 space-y-2">
        {apiAreas.map((area) => (
          <AreaSelect
            key={area}
            area={area}
            mode={areaModeOf(scopes, area)}
            onChange={(mode) => onChange(withAreaMode(scopes, area, mode))}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function AreaSelect({
  area,
  mode,
  onChange,
}: {
  area: ApiArea;
  mode: AreaMode;
  onChange: (mode: AreaMode) => void;
}) {
  const selectId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg p-2 ring-1 ring-gray-200 ring-inset">
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-gray-900">
          {areaLabels[area]}
        </label>
        <span id={hintId} className="block text-sm text-gray-600">
          {areaDescriptions[area]}
        </span>
      </div>
      <select
        id={selectId}
        aria-describedby={hintId}
        value={mode}
        onChange={(event) => onChange(event.target.value as AreaMode)}
        className="rounded-md border-0 py-1.5 pr-8 pl-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-indigo-600"
      >
        {(Object.keys(areaModeLabels) as AreaMode[]).map((value) => (
          <option key={value} value={value}>
            {areaModeLabels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
