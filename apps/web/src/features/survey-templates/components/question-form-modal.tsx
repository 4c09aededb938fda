import {
  checkAlertsAgainstQuestions,
  isScoredQuestionType,
  listStateLabels,
  questionTypes,
  type SurveyQuestion,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type FieldError as FormFieldError, type Path, useForm } from 'react-hook-form';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { StatusMessage } from '@/components/ui/status-message';
import { useLists } from '@/features/lists/api/get-lists';
import { definitionProblems, itemProblems, saveProblems } from './definition-problems';
import { firstLogicProblem } from './logic-sentences';
import { formValuesOf, parseOptions, type QuestionFormValues, questionFormSchema } from './question-form';
import { questionTypeNames, scaleTypes } from './question-text';
import { QuestionTypeFields } from './question-type-fields';
import { useSaveError } from './save-error-notice';
import { useTemplateEditor } from './template-context';
import { TextAreaField } from './text-area-field';

const formId = 'template-question-form';
const typeOptions = questionTypes.map((type) => ({ value: type, label: questionTypeNames[type] }));
const fieldPaths = [
  'question',
  'label',
  'category',
  'startLabel',
  'endLabel',
  'startNumber',
  'endNumber',
  'placeholderText',
  'answerOptions',
  'listId',
  'compositeScore.value',
  'minDate',
  'maxDate',
  'consentText',
  'linkUrl',
  'linkLabel',
] as const;

/** The first message of a field error, also when it sits on an item (`answerOptions.2`). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as FormFieldError;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

type QuestionFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The question to edit; none adds a new one at the end. */
  question?: SurveyQuestion | undefined;
};

/**
 * Add/Edit Question (docs/product-rules.md#properties-and-questions) for the seven question types
 * and the added ones (decision 027, their fields in QuestionTypeFields).
 */
export function QuestionFormModal({ isOpen, onOpenChange, question }: QuestionFormModalProps) {
  const { config, version, save } = useTemplateEditor();
  const lists = useLists();
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
  const [alertConflict, setAlertConflict] = useState<string>();
  const isEditing = question !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<QuestionFormValues, unknown, SurveyQuestion>({
    resolver: zodResolver(questionFormSchema),
    defaultValues: formValuesOf(question),
    mode: 'onTouched',
  });

  useWhenOpened(isOpen, () => {
    reset(formValuesOf(question));
    setSaveError(undefined);
    setAlertConflict(undefined);
  });

  const type = watch('type');
  const optionSource = watch('optionSource');
  const isScoreEnabled = watch('compositeScore.enabled');
  const typedOptions = parseOptions(watch('answerOptions'));
  // docs/product-rules.md#properties-and-questions: submit stays disabled while the question text or the
  // label is empty.
  const isIncomplete = !watch('question').trim() || !watch('label').trim();
  const isChoice = type === 'MultipleChoice' || type === 'DropdownList';
  const optionsError = messageOf(errors.answerOptions);

  const onSubmit = handleSubmit(async (values) => {
    const questions = version.definition.questions;
    const found = questions.findIndex((item) => item.id === values.id);
    const index = found < 0 ? questions.length : found;
    const nextQuestions = [...questions];
    // The form edits everything but the logic, which its own editor keeps (decision 023).
    const logic = questions[found]?.logic;
    nextQuestions[index] = logic ? { ...values, logic } : values;
    const definition = { ...version.definition, questions: nextQuestions };
    const showProblems = (problems: Record<string, string>) => {
      const own = Object.fromEntries(
        Object.entries(itemProblems(problems, 'questions', index)).filter(
          ([path]) => !path.startsWith('logic.'),
        ),
      );
      for (const path of fieldPaths) {
        if (own[path]) setError(path as Path<QuestionFormValues>, { message: own[path] });
      }
      return Object.keys(own).length > 0;
    };
    if (showProblems(definitionProblems(definition))) return;
    // Other questions' logic names this one: a change of type or options may leave it behind.
    const logicProblem = firstLogicProblem(nextQuestions);
    if (logicProblem) {
      setAlertConflict(`This change does not fit the survey logic. ${logicProblem}. Change the logic first.`);
      return;
    }
    // Alerts name questions by id: a change of type may leave an alert's operator or value behind.
    const alertProblems = checkAlertsAgainstQuestions(
      version.settings.alerts,
      nextQuestions,
      version.definition.properties,
    );
    const alertNames = [
      ...new Set(
        Object.keys(alertProblems).map((path) => version.settings.alerts[Number(path.split('.')[1])]?.name),
      ),
    ].filter(Boolean);
    if (alertNames.length > 0) {
      setAlertConflict(
        `This change does not fit the alert ${alertNames.map((name) => `“${name}”`).join(', ')}. Change or remove the alert first.`,
      );
      return;
    }
    setAlertConflict(undefined);
    setSaveError(undefined);
    try {
      await save(
        { definition },
        isEditing
          ? {
              pending: 'Updating question...',
              success: 'Question updated successfully!',
              error: 'Failed to update question.',
            }
          : {
              pending: 'Adding question...',
              success: 'Question added successfully!',
              error: 'Failed to add question.',
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
    .filter((list) => list.listState !== 'ARCHIVED' || list.listId === watch('listId'))
    .map((list) => ({
      value: list.listId,
      label: list.listName,
      description: listStateLabels[list.listState],
    }));

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="large"
      title={isEditing ? 'Edit Question' : 'Add Question'}
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      canSubmit={!isIncomplete}
      submitLabel={isEditing ? 'Save Changes' : 'Add Question'}
      pendingLabel="Saving..."
    >
      {saveErrorNotice}
      {alertConflict && <StatusMessage tone="error" title={alertConflict} />}
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <SelectField
            label="Question Type"
            name={field.name}
            value={field.value}
            onValueChange={(next) => {
              field.onChange(next);
              setValue('maxLength', undefined);
            }}
            options={typeOptions}
          />
        )}
      />
      <TextAreaField
        label="Question Text"
        rows={2}
        error={errors.question?.message}
        {...register('question')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Label"
          autoComplete="off"
          hint="A short name used in reports and alerts."
          error={errors.label?.message}
          {...register('label')}
        />
        <TextField
          label="Category (optional)"
          autoComplete="off"
          error={errors.category?.message}
          {...register('category')}
        />
      </div>
      <CheckboxField label="Required" {...register('validation.required')} />

      {type === 'NumericScale' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Start Number"
            type="number"
            error={errors.startNumber?.message}
            {...register('startNumber')}
          />
          <TextField
            label="End Number"
            type="number"
            error={errors.endNumber?.message}
            {...register('endNumber')}
          />
        </div>
      )}
      {scaleTypes.includes(type) && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Start Label"
            autoComplete="off"
            error={errors.startLabel?.message}
            {...register('startLabel')}
          />
          <TextField
            label="End Label"
            autoComplete="off"
            error={errors.endLabel?.message}
            {...register('endLabel')}
          />
        </div>
      )}
      {(type === 'DropdownList' || type === 'ShortTextEntry' || type === 'LongTextEntry') && (
        <TextField
          label="Placeholder Text"
          autoComplete="off"
          error={errors.placeholderText?.message}
          {...register('placeholderText')}
        />
      )}
      {isChoice && (
        <fieldset className="space-y-4 rounded-lg p-4 ring-1 ring-gray-200">
          <legend className="px-1 text-sm font-medium text-gray-900">Answer Options</legend>
          {type === 'MultipleChoice' && (
            <CheckboxField label="Allow multiple selections" {...register('multiSelect')} />
          )}
          <CheckboxField label="Include 'Other (please specify)'" {...register('includeOtherOption')} />
          <div className="flex flex-wrap gap-6" role="radiogroup" aria-label="Options source">
            {(
              [
                ['manual', 'Type the options'],
                ['list', 'Use a list'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-700">
                <input
                  type="radio"
                  name="optionSource"
                  value={value}
                  checked={optionSource === value}
                  onChange={() => {
                    setValue('optionSource', value);
                    // docs/product-rules.md#properties-and-questions: switching the source clears the other
                    // source's value.
                    if (value === 'list') setValue('answerOptions', '');
                    else setValue('listId', '');
                  }}
                  className="size-4 accent-indigo-600"
                />
                {label}
              </label>
            ))}
          </div>
          {optionSource === 'manual' ? (
            <TextField
              label="Options (comma-separated)"
              autoComplete="off"
              hint={
                typedOptions.length === 0
                  ? 'For example: Tyres, Oil, Brakes'
                  : `${typedOptions.length} ${typedOptions.length === 1 ? 'option' : 'options'}: ${typedOptions.join(' · ')}`
              }
              error={optionsError}
              {...register('answerOptions')}
            />
          ) : (
            <Controller
              control={control}
              name="listId"
              render={({ field, fieldState }) => (
                <SelectField
                  label="List"
                  name={field.name}
                  value={field.value}
                  onValueChange={(next) => field.onChange(next)}
                  options={listOptions}
                  error={fieldState.error?.message ?? optionsError}
                />
              )}
            />
          )}
        </fieldset>
      )}
      <QuestionTypeFields
        type={type}
        register={register}
        errors={errors}
        watched={{
          rankingOptions: watch('rankingOptions'),
          matrixRows: watch('matrixRows'),
          matrixColumns: watch('matrixColumns'),
        }}
      />
      {isScoredQuestionType(type) && (
        <fieldset className="space-y-4 rounded-lg p-4 ring-1 ring-gray-200">
          <legend className="px-1 text-sm font-medium text-gray-900">Composite Score</legend>
          <CheckboxField label="Include in the composite score" {...register('compositeScore.enabled')} />
          {isScoreEnabled && (
            <TextField
              label="Score Weight (%)"
              type="number"
              min={0}
              max={100}
              hint="The weight of this question in the composite score."
              error={errors.compositeScore?.value?.message}
              {...register('compositeScore.value')}
            />
          )}
        </fieldset>
      )}
    </FormDialog>
  );
}
