import clsx from 'clsx';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldError, inputClasses } from '@/components/ui/form-field';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, id, rows = 3, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint !== undefined && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        className={clsx(inputClasses, 'mt-1.5')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint !== undefined && (
        <p id={hintId} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
