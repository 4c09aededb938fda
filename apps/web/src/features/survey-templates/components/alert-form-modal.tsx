import {
  type Alert,
  type AlertConditionOperator,
  alertOperators,
  clampToScale,
  notificationChannels,
  propertyFilterOperators,
  rangeFilterOperator,
  reportedProperties,
  type SurveyQuestion,
  scaleRange,
} from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormDialog, useWhenOpened } from '@/components/ui/form-dialog';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { useNotificationSettings } from '@/features/notifications/api/get-notification-settings';
import { AlertCaseFields } from './alert-case-fields';
import { ConditionFields } from './alert-condition-fields';
import {
  type AlertFormValues,
  alertFormSchema,
  alertFormValuesOf,
  alertOperatorNeedsValue,
  channelLabels,
  conditionFormField,
  emptyCondition,
  propertySubject,
  readPropertySubject,
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
  const properties = version.definition.properties;
  const schema = useMemo(() => alertFormSchema(questions, properties), [questions, properties]);
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
  // Questions, then the survey properties shown in reports (decision 035).
  const subjectOptions = [
    ...questions.map((question, index) => ({
      value: question.id,
      label: `Q${index + 1}: ${question.label}`,
    })),
    ...reportedProperties(properties).map((property) => ({
      value: propertySubject(property.id),
      label: `Property: ${property.label}`,
    })),
  ];

  const changeSubject = (index: number, subject: string) => {
    const { subject: previous, operator, value } = getValues(`conditions.${index}`);
    setValue(`conditions.${index}.subject`, subject, { shouldValidate: true });
    const propertyId = readPropertySubject(subject);
    if (propertyId !== undefined || readPropertySubject(previous) !== undefined) {
      // A property takes the list filter's operators of its type; its value belongs to it alone.
      const property = properties.find((item) => item.id === propertyId);
      const operators: readonly string[] = property ? propertyFilterOperators(property.type) : [];
      if (!operators.includes(operator)) setValue(`conditions.${index}.operator`, '');
      if (subject !== previous) setValue(`conditions.${index}.value`, '');
      return;
    }
    const question = questions.find((item) => item.id === subject);
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

  const changeOperator = (index: number, operator: string) => {
    const { subject, operator: previous } = getValues(`conditions.${index}`);
    setValue(`conditions.${index}.operator`, operator, { shouldValidate: true });
    if (readPropertySubject(subject) !== undefined) {
      // A range is "low..high", any other value one value.
      const isRange = (item: string) => item === rangeFilterOperator;
      if (isRange(operator) !== isRange(previous)) setValue(`conditions.${index}.value`, '');
      return;
    }
    // A sentiment takes one of its own values (decision 030).
    const isSentimentSwitch = (operator === 'SENTIMENT_IS') !== (previous === 'SENTIMENT_IS');
    if (!alertOperatorNeedsValue(operator) || isSentimentSwitch) setValue(`conditions.${index}.value`, '');
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
        else if (path.startsWith('conditions.')) {
          const [, conditionIndex, field] = path.split('.');
          setError(`conditions.${Number(conditionIndex)}.${conditionFormField(field)}`, { message });
        }
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
            properties={properties}
            subjectOptions={subjectOptions}
            condition={values.conditions[index]}
            errors={errors}
            control={control}
            canRemove={fields.length > 1}
            onRemove={() => remove(index)}
            onSubjectChange={(subject) => changeSubject(index, subject)}
            onOperatorChange={(operator) => changeOperator(index, operator)}
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
