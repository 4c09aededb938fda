import * as RadixSelect from '@radix-ui/react-select';
import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { FieldError } from './form-field';

export type SelectOption<T extends string> = { value: T; label: string; description?: string };

type SelectFieldProps<T extends string> = {
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
};

export function SelectField<T extends string>({
  label,
  value,
  onValueChange,
  options,
  error,
  disabled,
  name,
}: SelectFieldProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const selected = options.find((option) => option.value === value);
  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-gray-900">
        {label}
      </span>
      <RadixSelect.Root
        value={value}
        onValueChange={(next) => onValueChange(next as T)}
        disabled={disabled ?? false}
        {...(name ? { name } : {})}
      >
        <RadixSelect.Trigger
          id={id}
          aria-labelledby={`${labelId} ${id}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            'mt-1.5 flex w-full items-center justify-between rounded-md bg-white px-3 py-2 text-left text-sm text-gray-900 shadow-sm',
            'ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none',
            'disabled:cursor-not-allowed disabled:bg-gray-50',
          )}
        >
          <RadixSelect.Value>{selected?.label}</RadixSelect.Value>
          <RadixSelect.Icon>
            <ChevronDown className="size-4 text-gray-600" aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 w-(--radix-select-trigger-width) overflow-hidden rounded-md bg-white shadow-lg ring-1 ring-black/10"
          >
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-pointer flex-col rounded py-2 pr-3 pl-8 text-sm text-gray-900 outline-none select-none data-highlighted:bg-indigo-50"
                >
                  <RadixSelect.ItemIndicator className="absolute top-2.5 left-2">
                    <Check className="size-4 text-indigo-600" aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  {option.description && <span className="text-xs text-gray-600">{option.description}</span>}
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
