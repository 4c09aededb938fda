import { Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';

// The fields of the Filter Responses modal: a select, a value input and a section with its Add button.

export type Option = { value: string; label: string };

export function NativeSelect({
  label,
  value,
  onChange,
  options,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} mt-1.5`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ValueInput({
  label,
  value,
  onChange,
  type = 'text',
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'date';
  min?: number | undefined;
  max?: number | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        min={min}
        max={max}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} mt-1.5`}
      />
    </div>
  );
}

export function Section({
  title,
  children,
  onAdd,
  canAdd,
  addLabel,
}: {
  title: string;
  children: ReactNode;
  onAdd: () => void;
  canAdd: boolean;
  addLabel: string;
}) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-3">{children}</div>
      <Button variant="secondary" size="sm" className="mt-3" disabled={!canAdd} onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" />
        {addLabel}
      </Button>
    </fieldset>
  );
}
