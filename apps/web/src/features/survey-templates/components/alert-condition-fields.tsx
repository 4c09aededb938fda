import {
  type Alert,
  type AlertConditionOperator,
  alertOperators,
  alertSentiments,
  clampToScale,
  getListItemOptions,
  propertyFilterOperators,
  rangeFilterOperator,
  readRangeValue,
  type SurveyProperty,
  type SurveyQuestion,
  scaleRange,
  textSentimentLabels,
  writeRangeValue,
} from '@graphium/shared';
import { Trash2 } from 'lucide-react';
import { Controller, type FieldErrors, type useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useList } from '@/features/lists/api/get-list';
import {
  type AlertFormValues,
  alertOperatorNeedsValue,
  operatorLabels,
  propertyOperatorLabels,
  readPropertySubject,
} from './alert-form';
import { isChoice } from './question-text';

type FormControl = ReturnType<typeof useForm<AlertFormValues, unknown, Alert>>['control'];

type ConditionFieldsProps = {
  index: number;
  questions: SurveyQuestion[];
  properties: readonly SurveyProperty[];
  subjectOptions: { value: string; label: string }[];
  condition: AlertFormValues['conditions'][number] | undefined;
  errors: FieldErrors<AlertFormValues>;
  control: FormControl;
  canRemove: boolean;
  onRemove: () => void;
  onSubjectChange: (subject: string) => void;
  onOperatorChange: (operator: string) => void;
};

/** One condition of the alert form: a question or a survey property (decision 035), its operator and value. */
export function ConditionFields({
  index,
  questions,
  properties,
  subjectOptions,
  condition,
  errors,
  control,
  canRemove,
  onRemove,
  onSubjectChange,
  onOperatorChange,
}: ConditionFieldsProps) {
  const subject = condition?.subject ?? '';
  const propertyId = readPropertySubject(subject);
  const property = propertyId === undefined ? undefined : properties.find((item) => item.id === propertyId);
  const question = propertyId === undefined ? questions.find((item) => item.id === subject) : undefined;
  const operator = condition?.operator ?? '';
  const conditionErrors = errors.conditions?.[index];
  const operatorOptions = property
    ? propertyFilterOperators(property.type).map((item) => ({
        value: item,
        label: propertyOperatorLabels[item],
      }))
    : (question ? alertOperators(question.type) : []).map((item) => ({
        value: item,
        label: operatorLabels[item],
      }));

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
          label="Question or property"
          value={subject}
          onValueChange={onSubjectChange}
          options={subjectOptions}
          error={conditionErrors?.subject?.message}
        />
        <SelectField<string>
          label="Operator"
          value={operator}
          onValueChange={(next) => next && onOperatorChange(next)}
          options={operatorOptions}
          disabled={!question && !property}
          error={conditionErrors?.operator?.message}
        />
        {property && operator !== '' && (
          <PropertyValueField index={index} property={property} operator={operator} control={control} />
        )}
        {question && operator !== '' && alertOperatorNeedsValue(operator) && (
          <QuestionValueField
            index={index}
            question={question}
            operator={operator as AlertConditionOperator}
            control={control}
          />
        )}
      </div>
    </fieldset>
  );
}

type QuestionValueFieldProps = {
  index: number;
  question: SurveyQuestion;
  operator: AlertConditionOperator;
  control: FormControl;
};

function QuestionValueField({ index, question, operator, control }: QuestionValueFieldProps) {
  const range = scaleRange(question);
  const listId = isChoice(question) ? question.listId : undefined;
  // A list-based question's answers are list item ids: offer the list's items by their label.
  const list = useList(listId);
  const choiceOptions =
    operator === 'SENTIMENT_IS'
      ? alertSentiments.map((sentiment) => ({ value: sentiment, label: textSentimentLabels[sentiment] }))
      : isChoice(question)
        ? listId
          ? list.data
            ? getListItemOptions(list.data)
            : []
          : (question.answerOptions ?? []).map((option) => ({ value: option, label: option }))
        : question.type === 'Ranking'
          ? // Decision 027: a ranking's condition names the option ranked first.
            question.answerOptions.map((option) => ({ value: option, label: `${option} (ranked first)` }))
          : undefined;
  return (
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
            step={question.type === 'Matrix' ? 'any' : undefined}
            hint={
              question.type === 'Matrix'
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
            type={question.type === 'DateEntry' ? 'date' : 'text'}
            name={field.name}
            value={String(field.value)}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.value)}
            error={fieldState.error?.message}
          />
        )
      }
    />
  );
}

type PropertyValueFieldProps = {
  index: number;
  property: SurveyProperty;
  operator: string;
  control: FormControl;
};

const booleanOptions = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The value of a property condition, typed as the list's property filter takes it (decision 029). */
function PropertyValueField({ index, property, operator, control }: PropertyValueFieldProps) {
  const list = useList(property.type === 'ListItem' ? property.listId : undefined);
  const inputType = property.type === 'Number' ? 'number' : property.type === 'Text' ? 'text' : 'date';
  return (
    <Controller
      control={control}
      name={`conditions.${index}.value`}
      render={({ field, fieldState }) => {
        if (property.type === 'Boolean' || property.type === 'ListItem') {
          return (
            <SelectField
              label="Value"
              value={String(field.value)}
              onValueChange={field.onChange}
              options={
                property.type === 'Boolean' ? booleanOptions : list.data ? getListItemOptions(list.data) : []
              }
              error={fieldState.error?.message}
            />
          );
        }
        if (operator === rangeFilterOperator) {
          // "low..high": low included, high excluded, either side may be empty (decision 029).
          const range = readRangeValue(String(field.value)) ?? {};
          return (
            <div className="grid grid-cols-2 gap-2">
              <TextField
                label="From"
                type={inputType}
                hint="Included"
                value={range.from ?? ''}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(writeRangeValue(event.target.value || undefined, range.to))
                }
                error={fieldState.error?.message}
              />
              <TextField
                label="Up to"
                type={inputType}
                hint="Not included"
                value={range.to ?? ''}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(writeRangeValue(range.from, event.target.value || undefined))
                }
              />
            </div>
          );
        }
        return (
          <TextField
            label="Value"
            autoComplete="off"
            type={inputType}
            hint={property.type === 'DateTime' ? 'Compared by its day (UTC)' : undefined}
            name={field.name}
            value={String(field.value)}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.value)}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
