import {
  expirationSchema,
  type Period,
  periods,
  reviewLinkSchema,
  surveyDefinitionSchema,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { capitalize } from '@/lib/format';
import type { TemplateChanges, TemplateVersion } from '../api/template-kind';
import { saveProblems } from './definition-problems';
import { PropertyTokenTextArea } from './property-token-text-area';
import { useSaveError } from './save-error-notice';
import { TabHeading } from './tab-heading';
import { TabState } from './tab-state';
import { useTemplateEditor } from './template-context';

// Opening, closing and review link live in the definition; the expiration in the settings.
const settingsFormSchema = z.object({
  openingText: surveyDefinitionSchema.shape.openingText,
  closingText: surveyDefinitionSchema.shape.closingText,
  reviewLink: reviewLinkSchema,
  expiration: expirationSchema,
  showEstimatedTime: z.boolean(),
});
type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormValues = z.output<typeof settingsFormSchema>;

const periodOptions = periods.map((period) => ({ value: period, label: capitalize(period) }));
const formId = 'template-settings-form';
const fieldPaths = [
  'openingText',
  'closingText',
  'reviewLink',
  'expiration.duration',
  'expiration.period',
] as const;

function valuesOf(version: TemplateVersion): SettingsFormValues {
  const { openingText, closingText, reviewLink } = version.definition;
  return {
    openingText,
    closingText,
    reviewLink,
    expiration: { ...version.settings.expiration },
    showEstimatedTime: version.settings.showEstimatedTime ?? false,
  };
}

/**
 * docs/product-rules.md#survey-templates-and-versions: the expiration is a number of at least 1; a
 * non-numeric entry becomes 0.
 */
function toDuration(text: unknown): number {
  const value = Number(text);
  return text === '' || !Number.isFinite(value) ? 0 : value;
}

/**
 * Settings tab (docs/product-rules.md#survey-templates-and-versions): opening and closing texts, review link
 * and expiration.
 */
export function SettingsTab() {
  return (
    <TabState loading="Loading settings..." error="Error loading settings. Please try again.">
      <SettingsForm />
    </TabState>
  );
}

function SettingsForm() {
  const { config, version, canEdit, canEditDefinition, roleBlock, save } = useTemplateEditor();
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: valuesOf(version),
    mode: 'onTouched',
  });

  // A saved or reloaded version becomes the new starting point; what the user changed stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the version itself changed
  useEffect(() => {
    reset(valuesOf(version), { keepDirtyValues: true });
  }, [version.updatedAt]);

  const onSubmit = handleSubmit(async (values) => {
    const saved = valuesOf(version);
    const changes: TemplateChanges = {};
    const { expiration, showEstimatedTime, ...texts } = values;
    const textsChanged = (Object.keys(texts) as (keyof typeof texts)[]).some(
      (key) => texts[key] !== saved[key],
    );
    if (canEditDefinition && textsChanged) changes.definition = { ...version.definition, ...texts };
    if (
      expiration.duration !== saved.expiration.duration ||
      expiration.period !== saved.expiration.period ||
      showEstimatedTime !== saved.showEstimatedTime
    ) {
      changes.settings = { ...version.settings, expiration, showEstimatedTime };
    }
    if (!changes.definition && !changes.settings) {
      reset(saved);
      return;
    }
    setSaveError(undefined);
    try {
      await save(changes, {
        pending: 'Saving settings...',
        success: 'Settings saved successfully!',
        error: 'Failed to save settings.',
      });
      reset(
        valuesOf({
          ...version,
          definition: { ...version.definition, ...texts },
          settings: { ...version.settings, expiration, showEstimatedTime },
        }),
      );
    } catch (error) {
      setSaveError(error);
      const problems = saveProblems(config.kind, error);
      for (const path of fieldPaths) if (problems[path]) setError(path, { message: problems[path] });
    }
  });

  const isSaveDisabled = !isDirty || isSubmitting;
  const saveSettingsButton = (
    <Button
      type="submit"
      form={formId}
      disabled={isSaveDisabled}
      disabledReason={roleBlock(`change ${config.texts.noun} settings`)}
    >
      Save Settings
    </Button>
  );

  return (
    <section>
      <TabHeading
        title="Survey Settings"
        description="What respondents read before and after the questions, and how long a survey stays open."
        action={saveSettingsButton}
      />
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        {saveErrorNotice}
        <Controller
          control={control}
          name="openingText"
          render={({ field, fieldState }) => (
            <PropertyTokenTextArea
              label="Opening Text"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              properties={version.definition.properties}
              readOnly={!canEditDefinition}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="closingText"
          render={({ field, fieldState }) => (
            <PropertyTokenTextArea
              label="Closing Text"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              properties={version.definition.properties}
              readOnly={!canEditDefinition}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label="Review Link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          readOnly={!canEditDefinition}
          hint="Respondents who finish the survey are invited to leave a review here."
          error={errors.reviewLink?.message}
          {...register('reviewLink')}
        />
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">Expiration</legend>
          <p className="mt-1 text-sm text-gray-600">A survey closes this long after it is sent.</p>
          <div className="mt-3 grid gap-5 sm:grid-cols-2">
            <TextField
              label="Duration"
              type="number"
              min={1}
              disabled={!canEdit}
              error={errors.expiration?.duration?.message}
              {...register('expiration.duration', { setValueAs: toDuration })}
            />
            <Controller
              control={control}
              name="expiration.period"
              render={({ field, fieldState }) => (
                <SelectField<Period>
                  label="Period"
                  name={field.name}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={periodOptions}
                  disabled={!canEdit}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        </fieldset>
        <CheckboxField
          label="Show a time estimate computed from the questions on the welcome page"
          disabled={!canEdit}
          hint={
            <p className="mt-1 ml-7 text-sm text-gray-600">
              Otherwise the welcome page says "This survey should take about 5 minutes to complete."
            </p>
          }
          {...register('showEstimatedTime')}
        />
        {canEdit && (
          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={isSaveDisabled} onClick={() => reset(valuesOf(version))}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaveDisabled}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
