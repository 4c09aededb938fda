import {
  hiddenFieldKey,
  listStateLabels,
  propertyTypes,
  type SurveyProperty,
  type SurveyPropertyInput,
  surveyPropertySchema,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useLists } from '@/features/lists/api/get-lists';
import { getErrorMessage } from '@/lib/api-client';
import { definitionProblems, itemProblems, saveProblems } from './definition-problems';
import { newId } from './new-id';
import { propertyTypeLabels } from './property-types';
import { useSaveError } from './save-error-notice';
import { useTemplateEditor } from './template-context';

const typeOptions = propertyTypes.map((type) => ({ value: type, label: propertyTypeLabels[type] }));
const formId = 'template-property-form';
const fieldPaths = ['label', 'type', 'listId'] as const;

type PropertyFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The property to edit; none adds a new one. */
  property?: SurveyProperty | undefined;
};

function valuesOf(property: SurveyProperty | undefined): SurveyPropertyInput {
  return {
    id: property?.id ?? newId(),
    type: property?.type ?? 'Text',
    label: property?.label ?? '',
    validation: {
      required: property?.validation.required ?? false,
      authentication: property?.validation.authentication ?? false,
    },
    visibleInReportsAndFiltering: property?.visibleInReportsAndFiltering ?? true,
    listId: property?.listId,
    hiddenField: property?.hiddenField ?? false,
  };
}

/**
 * Add/Edit Property (docs/product-rules.md#properties-and-questions): the shared property rules and messages.
 */
export function PropertyFormModal({ isOpen, onOpenChange, property }: PropertyFormModalProps) {
  const { config, version, save } = useTemplateEditor();
  const lists = useLists();
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
  const isEditing = property !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SurveyPropertyInput, unknown, SurveyProperty>({
    resolver: zodResolver(surveyPropertySchema),
    defaultValues: valuesOf(property),
    mode: 'onTouched',
  });

  useWhenOpened(isOpen, () => {
    reset(valuesOf(property));
    setSaveError(undefined);
  });

  const type = watch('type');
  const label = watch('label');
  const listId = watch('listId');
  // docs/product-rules.md#properties-and-questions: submit stays disabled while the label is empty or a
  // ListItem has no list.
  const isIncomplete = !label?.trim() || (type === 'ListItem' && !listId);

  const onSubmit = handleSubmit(async (values) => {
    const properties = version.definition.properties;
    const index = isEditing ? properties.findIndex((item) => item.id === values.id) : properties.length;
    const nextProperties = [...properties];
    nextProperties[index < 0 ? properties.length : index] = values;
    const definition = { ...version.definition, properties: nextProperties };
    const showProblems = (problems: Record<string, string>) => {
      const own = itemProblems(problems, 'properties', index < 0 ? properties.length : index);
      for (const path of fieldPaths)
        if (own[path]) setError(path as Path<SurveyPropertyInput>, { message: own[path] });
      return Object.keys(own).length > 0;
    };
    if (showProblems(definitionProblems(definition))) return;
    setSaveError(undefined);
    try {
      await save(
        { definition },
        isEditing
          ? {
              pending: 'Updating property...',
              success: 'Property updated successfully!',
              error: 'Failed to update property.',
            }
          : {
              pending: 'Adding property...',
              success: 'Property added successfully!',
              error: 'Failed to add property.',
            },
      );
    } catch (error) {
      setSaveError(error);
      showProblems(saveProblems(config.kind, error));
      return;
    }
    onOpenChange(false);
  });

  const listOptions = (lists.data?.lists ?? [])
    .filter((list) => list.listState !== 'ARCHIVED' || list.listId === listId)
    .map((list) => ({
      value: list.listId,
      label: list.listName,
      description: listStateLabels[list.listState],
    }));

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={isEditing ? 'Edit Property' : 'Add Property'}
      description="A property describes the respondent. Fill it in when sending a survey, and use it in texts as [Property Label]."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      canSubmit={!isIncomplete}
      submitLabel={isEditing ? 'Save Changes' : 'Add Property'}
      pendingLabel="Saving..."
    >
      {saveErrorNotice}
      <TextField
        label="Property Label"
        autoComplete="off"
        error={errors.label?.message}
        {...register('label')}
      />
      <Controller
        control={control}
        name="type"
        render={({ field, fieldState }) => (
          <SelectField
            label="Type"
            name={field.name}
            value={field.value}
            onValueChange={(next) => {
              field.onChange(next);
              // docs/product-rules.md#properties-and-questions: changing the type away from ListItem clears
              // the chosen list.
              if (next !== 'ListItem') setValue('listId', undefined);
            }}
            options={typeOptions}
            error={fieldState.error?.message}
          />
        )}
      />
      {type === 'ListItem' && (
        <div>
          <Controller
            control={control}
            name="listId"
            render={({ field, fieldState }) => (
              <SelectField
                label="List"
                name={field.name}
                value={field.value ?? ''}
                onValueChange={(next) => field.onChange(next)}
                options={listOptions}
                error={fieldState.error?.message}
              />
            )}
          />
          {lists.isError && (
            <FieldError
              id="template-property-lists-error"
              message={`Error loading lists: ${getErrorMessage(lists.error)}`}
            />
          )}
          {lists.data?.lists.length === 0 && (
            <p className="mt-1.5 text-sm text-gray-600">
              No lists yet.{' '}
              <Link to="/settings/lists" className="font-medium text-indigo-700 underline hover:no-underline">
                Create a list
              </Link>{' '}
              under Settings to use it here.
            </p>
          )}
        </div>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-900">Options</legend>
        <CheckboxField label="Required" {...register('validation.required')} />
        <CheckboxField
          label="Authentication (the respondent must enter this value to open the survey)"
          {...register('validation.authentication')}
        />
        <CheckboxField
          label="Visible in reports and filtering"
          {...register('visibleInReportsAndFiltering')}
        />
        <CheckboxField
          label={`Hidden field: public links fill it from ?${hiddenFieldKey(label ?? '') || 'label'}=…`}
          error={errors.hiddenField?.message}
          {...register('hiddenField')}
        />
      </fieldset>
    </FormDialog>
  );
}
