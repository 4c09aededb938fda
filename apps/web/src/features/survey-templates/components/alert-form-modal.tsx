import {
  type Alert,
  type AlertConditionOperator,
  alertOperators,
  alertSentiments,
  clampToScale,
  getListItemOptions,
  notificationChannels,
  type SurveyQuestion,
  scaleRange,
  textSentimentLabels,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useList } from '@/features/lists/api/get-list';
import { useNotificationSettings } from '@/features/notifications/api/get-notification-settings';
import { AlertCaseFields } from './alert-case-fields';
import {
  type AlertFormValues,
  alertFormSchema,
  alertFormValuesOf,
  alertOperatorNeedsValue,
  channelLabels,
  emptyCondition,
  operatorLabels,
} from './alert-form';
import { itemProblems, saveProblems } from './definition-problems';
import { isChoice } from './question-text';
import { useSaveError } from './save-error-notice';
import { useTemplateEditor } from './template-context';

const formId = 'template-alert-form';

type AlertFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The alert to edit; none creates a new one. */
  alert?: Alert | undefined;
};

/** A value that still makes sense for another question, else '' (docs/product-rules.md#alerts). */
function adaptValue(question: SurveyQuestion, value: string | number): string | number {
  if (value === '') return '';
  if (scaleRange(question)) {
    const numeric = Number(value);
    return Number.isFinite(numeric) ? clampToScale(question, numeric) : '';
  }
  if (isChoice(question)) {
    // List item ids belong to one list: another question's list never has them.
    if (question.listId) return '';
    return (question.answerOptions ?? []).includes(String(value)) ? value : '';
  }
  return String(value);
}

/** Create/Edit Alert (docs/product-rules.md#alerts). */
export function AlertFormModal({ isOpen, onOpenChange, alert }: AlertFormModalProps) {
  const { config, version, save } = useTemplateEditor();
  const questions = version.definition.questions;
  const schema = useMemo(() => alertFormSchema(questions), [questions]);
  const { setSaveError, notice: saveErrorNotice } = useSaveError();
  const isEditing = alert !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AlertFormValues, unknown, Alert>({
    resolver: zodResolver(schema),
    defaultValues: alertFormValuesOf(alert),
    mode: 'onTouched',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions' });

  useWhenOpened(isOpen, () => {
    reset(alertFormValuesOf(alert));
    setSaveError(undefined);
  });

  const values = watch();
  // Slack can be chosen once the workspace has a Slack webhook (an alert that already has it can drop it).
  const notificationSettings = useNotificationSettings();
  const isSlackMissing = notificationSettings.isSuccess && !notificationSettings.data.slackWebhookUrl;
  // docs/product-rules.md#alerts: submit stays disabled until every rule holds.
  const isValid = schema.safeParse(values).success;
  const questionOptions = questions.map((question, index) => ({
    value: question.id,
    label: `Q${index + 1}: ${question.label}`,
  }));

  const changeQuestion = (index: number, questionId: string) => {
    const question = questions.find((item) => item.id === questionId);
    const { operator, value } = getValues(`conditions.${index}`);
    setValue(`conditions.${index}.surveyQuestionId`, questionId, { shouldValidate: true });
    if (!question) return;
    // docs/product-rules.md#alerts: an operator the new question does not allow resets the operator and the
    // value.
    if (operator && !alertOperators(question.type).includes(operator as AlertConditionOperator)) {
      setValue(`conditions.${index}.operator`, '');
      setValue(`conditions.${index}.value`, '');
    } else {
      setValue(`conditions.${index}.value`, adaptValue(question, value));
    }
  };

  const onSubmit = handleSubmit(async (next) => {
    const alerts = version.settings.alerts;
    const found = alerts.findIndex((item) => item.id === next.id);
    const index = found < 0 ? alerts.length : found;
    const nextAlerts = [...alerts];
    nextAlerts[index] = next;
    setSaveError(undefined);
    try {
      await save(
        { settings: { ...version.settings, alerts: nextAlerts } },
        isEditing
          ? {
              pending: 'Updating alert...',
              success: 'Alert updated successfully!',
              error: 'Failed to update alert.',
            }
          : {
              pending: 'Creating alert...',
              success: 'Alert created successfully!',
              error: 'Failed to create alert.',
            },
      );
    } catch (error) {
      setSaveError(error);
      const own = itemProblems(saveProblems(config.kind, error), 'alerts', index);
      for (const [path, message] of Object.entries(own)) {
        if (path === 'name') setError('name', { message });
        else if (path.startsWith('recipients')) setError('recipientsText', { message });
        else if (path.startsWith('conditions.')) setError(path as `conditions.${number}.value`, { message });
      }
      return;
    }
    onOpenChange(false);
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="large"
      title={isEditing ? 'Edit Alert' : 'Create Alert'}
      description="An alert fires when a completed survey meets all its conditions."
      formId={formId}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      canSubmit={isValid}
      submitLabel={isEditing ? 'Update Alert' : 'Create Alert'}
      pendingLabel="Saving..."
    >
      {saveErrorNotice}
      <TextField label="Alert Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-gray-900">Conditions (all must hold)</legend>
        {fields.map((field, index) => (
          <ConditionFields
            key={field.id}
            index={index}
            questions={questions}
            questionOptions={questionOptions}
            condition={values.conditions[index]}
            errors={errors}
            control={control}
            canRemove={fields.length > 1}
            onRemove={() => remove(index)}
            onQuestionChange={(questionId) => changeQuestion(index, questionId)}
            onOperatorChange={(operator) => {
              const previous = getValues(`conditions.${index}.operator`);
              setValue(`conditions.${index}.operator`, operator, { shouldValidate: true });
              // A sentiment takes one of its own values (decision 030).
              const isSentimentSwitch = (operator === 'SENTIMENT_IS') !== (previous === 'SENTIMENT_IS');
              if (!alertOperatorNeedsValue(operator) || isSentimentSwitch)
                setValue(`conditions.${index}.value`, '');
            }}
          />
        ))}
        <Button variant="secondary" size="sm" onClick={() => append(emptyCondition())}>
          <Plus className="size-4" aria-hidden="true" />
          Add Condition
        </Button>
      </fieldset>
      <TextField
        label="Recipients"
        autoComplete="off"
        placeholder="manager@example.com, team@example.com"
        hint="E-mail addresses, separated by commas."
        error={errors.recipientsText?.message}
        {...register('recipientsText')}
      />
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Notification Channels</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {notificationChannels.map((channel) => (
            <CheckboxField
              key={channel}
              label={channelLabels[channel]}
              value={channel}
              disabled={
                channel === 'slack' && isSlackMissing && !values.notificationChannels?.includes('slack')
              }
              aria-describedby={channel === 'slack' ? 'alert-slack-hint' : undefined}
              {...register('notificationChannels')}
            />
          ))}
        </div>
        <p id="alert-slack-hint" className="mt-1.5 text-sm text-gray-600">
          {isSlackMissing ? (
            <>
              Connect Slack in{' '}
              <Link to="/settings/notifications" className="font-medium text-indigo-700 underline">
                Settings → Notifications
              </Link>{' '}
              to send alerts to Slack.
            </>
          ) : (
            "Slack messages go to the workspace's Slack webhook."
          )}
        </p>
        <FieldError id="alert-channels-error" message={errors.notificationChannels?.message} />
      </fieldset>
      <AlertCaseFields register={register} errors={errors} currentAssigneeId={values.defaultAssigneeId} />
      {!isValid && (
        <p className="text-sm text-gray-600">
          Name the alert, complete each condition and add at least one recipient to save it.
        </p>
      )}
    </FormDialog>
  );
}

type ConditionFieldsProps = {
  index: number;
  questions: SurveyQuestion[];
  questionOptions: { value: string; label: string }[];
  condition: AlertFormValues['conditions'][number] | undefined;
  errors: FieldErrors<AlertFormValues>;
  control: ReturnType<typeof useForm<AlertFormValues, unknown, Alert>>['control'];
  canRemove: boolean;
  onRemove: () => void;
  onQuestionChange: (questionId: string) => void;
  onOperatorChange: (operator: AlertConditionOperator) => void;
};

function ConditionFields({
  index,
  questions,
  questionOptions,
  condition,
  errors,
  control,
  canRemove,
  onRemove,
  onQuestionChange,
  onOperatorChange,
}: ConditionFieldsProps) {
  const question = questions.find((item) => item.id === condition?.surveyQuestionId);
  const operator = (condition?.operator ?? '') as AlertConditionOperator | '';
  const conditionErrors = errors.conditions?.[index];
  const operatorOptions = (question ? alertOperators(question.type) : []).map((item) => ({
    value: item,
    label: operatorLabels[item],
  }));
  const range = question ? scaleRange(question) : undefined;
  const listId = question && isChoice(question) ? question.listId : undefined;
  // A list-based question's answers are list item ids: offer the list's items by their label.
  const list = useList(listId);
  const choiceOptions =
    operator === 'SENTIMENT_IS'
      ? alertSentiments.map((sentiment) => ({ value: sentiment, label: textSentimentLabels[sentiment] }))
      : question && isChoice(question)
        ? listId
          ? list.data
            ? getListItemOptions(list.data)
            : []
          : (question.answerOptions ?? []).map((option) => ({ value: option, label: option }))
        : question?.type === 'Ranking'
          ? // Decision 027: a ranking's condition names the option ranked first.
            question.answerOptions.map((option) => ({ value: option, label: `${option} (ranked first)` }))
          : undefined;
  const needsValue = question !== undefined && operator !== '' && alertOperatorNeedsValue(operator);

  return (
    <fieldset className="relative rounded-lg p-4 ring-1 ring-gray-200">
      <legend className="sr-only">Condition {index + 1}</legend>
      <p aria-hidden="true" className="text-sm font-semibold text-gray-900">
        Condition {index + 1}
      </p>
      {canRemove && (
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-2 right-2"
          aria-label={`Remove condition ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      )}
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Question"
          value={condition?.surveyQuestionId ?? ''}
          onValueChange={onQuestionChange}
          options={questionOptions}
          error={conditionErrors?.surveyQuestionId?.message}
        />
        <SelectField<AlertConditionOperator | ''>
          label="Operator"
          value={operator}
          onValueChange={(next) => next && onOperatorChange(next)}
          options={operatorOptions}
          disabled={!question}
          error={conditionErrors?.operator?.message}
        />
        {needsValue && (
          <Controller
            control={control}
            name={`conditions.${index}.value`}
            render={({ field, fieldState }) =>
              choiceOptions ? (
                <SelectField
                  label="Value"
                  value={String(field.value)}
                  onValueChange={field.onChange}
                  options={choiceOptions}
                  error={fieldState.error?.message}
                />
              ) : range ? (
                <TextField
                  label="Value"
                  type="number"
                  min={range.min}
                  max={range.max}
                  step={question?.type === 'Matrix' ? 'any' : undefined}
                  hint={
                    question?.type === 'Matrix'
                      ? `The mean of the statements, from ${range.min} to ${range.max}`
                      : `From ${range.min} to ${range.max}`
                  }
                  name={field.name}
                  value={String(field.value)}
                  onBlur={field.onBlur}
                  // docs/product-rules.md#alerts: numbers are clamped to the question's scale as they are
                  // typed.
                  onChange={(event) =>
                    field.onChange(
                      event.target.value === '' ? '' : clampToScale(question, Number(event.target.value)),
                    )
                  }
                  error={fieldState.error?.message}
                />
              ) : (
                <TextField
                  label="Value"
                  autoComplete="off"
                  type={question?.type === 'DateEntry' ? 'date' : 'text'}
                  name={field.name}
                  value={String(field.value)}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={fieldState.error?.message}
                />
              )
            }
          />
        )}
      </div>
    </fieldset>
  );
}
