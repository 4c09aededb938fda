import clsx from 'clsx';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldError, inputClasses } from '@/components/ui/form-field';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> & {
  label: ReactNode;
  error?: string | undefined;
};

export function TextAreaField({ label, error, id, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={3}
        className={clsx(inputClasses, 'mt-1.5')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
