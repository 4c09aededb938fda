import { createSurveyTemplateSchema, templateNameSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorMessage, hasServerMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateTemplate } from '../api/create-template';
import type { TemplateKind, TemplateVersion } from '../api/template-kind';
import { BaseTemplatePicker } from './base-template-picker';
import { TextAreaField } from './text-area-field';

const nameFormSchema = z.object({
  name: templateNameSchema,
  description: createSurveyTemplateSchema.shape.surveyTemplateDescription,
  baseVersionId: z.string(),
});
/**
 * docs/product-rules.md#survey-templates-and-versions: "Use a predefined template" also needs a base template
 * chosen.
 */
const predefinedFormSchema = nameFormSchema.extend({
  baseVersionId: z.string().min(1, 'Choose a base template'),
});
type NameFormInput = z.input<typeof nameFormSchema>;
type NameFormValues = z.output<typeof nameFormSchema>;

type TemplateNameFormProps = {
  kind: TemplateKind;
  /** Survey templates from a predefined (base) template: the base cards under the name. */
  isPredefined?: boolean;
  nameLabel?: string;
  submitLabel: string;
  /**
   * A Back action returning to the choice (docs/product-rules.md#survey-templates-and-versions), or Cancel.
   */
  secondaryAction: ReactNode;
  onCreated: (version: TemplateVersion) => void;
};

/** Name and description of a new template (docs/product-rules.md#survey-templates-and-versions). */
export function TemplateNameForm({
  kind,
  isPredefined = false,
  nameLabel = 'Template Name',
  submitLabel,
  secondaryAction,
  onCreated,
}: TemplateNameFormProps) {
  const createTemplate = useCreateTemplate(kind);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NameFormInput, unknown, NameFormValues>({
    resolver: zodResolver(isPredefined ? predefinedFormSchema : nameFormSchema),
    defaultValues: { name: '', description: '', baseVersionId: '' },
  });
  const baseVersionId = watch('baseVersionId');

  const onSubmit = handleSubmit(async ({ name, description, baseVersionId: chosen }) => {
    const noun = kind === 'base' ? 'base template' : 'template';
    try {
      const created = await toastPromise(
        createTemplate.mutateAsync({ name, description, baseVersionId: isPredefined ? chosen : undefined }),
        {
          pending: `Creating ${noun}...`,
          success: kind === 'base' ? 'Base template created successfully!' : 'Template created successfully!',
          error: `Failed to create ${noun}.`,
        },
      );
      onCreated(created);
    } catch (error) {
      // docs/product-rules.md#texts-dates-and-errors: the failure shows under the name field.
      setError('name', {
        message: hasServerMessage(error)
          ? `Failed to create template: ${getErrorMessage(error)}`
          : 'Failed to create template. Please try again.',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label={nameLabel} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="Description (optional)"
        error={errors.description?.message}
        {...register('description')}
      />
      {isPredefined && (
        <BaseTemplatePicker
          value={baseVersionId}
          onChange={(next) => setValue('baseVersionId', next, { shouldValidate: true })}
          error={errors.baseVersionId?.message}
        />
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={isSubmitting || (isPredefined && !baseVersionId)}>
          {isSubmitting ? 'Creating...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
