import { CheckboxField, TextField } from '@/components/ui/form-field';
import type { ListOptionsState } from '@/features/lists/api/get-list';
import { ListItemSelect, RequiredMark } from './list-item-select';
import type { PropertyInputValue, SendSurveyProperty } from './send-survey-form';

type PropertyInputProps = {
  property: SendSurveyProperty;
  value: PropertyInputValue;
  onChange: (value: PropertyInputValue) => void;
  onBlur: () => void;
  error: string | undefined;
  list: ListOptionsState | undefined;
};

const inputTypes = { Text: 'text', Number: 'number', Date: 'date', DateTime: 'datetime-local' } as const;

/** One survey property as the input its type calls for (docs/product-rules.md#sending-surveys). */
export function PropertyInput({ property, value, onChange, onBlur, error, list }: PropertyInputProps) {
  const isRequired = property.validation.required;
  if (property.type === 'Boolean') {
    return (
      <CheckboxField
        label={property.label}
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        error={error}
      />
    );
  }
  if (property.type === 'ListItem') {
    return (
      <ListItemSelect
        label={property.label}
        isRequired={isRequired}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        onBlur={onBlur}
        list={list}
        error={error}
      />
    );
  }
  return (
    <TextField
      label={
        <>
          {property.label}
          {isRequired && <RequiredMark />}
        </>
      }
      type={inputTypes[property.type]}
      step={property.type === 'Number' ? 'any' : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-required={isRequired || undefined}
      error={error}
    />
  );
}
