import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';

export const inputClasses = clsx(
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm',
  'ring-1 ring-inset ring-gray-300 placeholder:text-gray-500',
  'focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none',
  'read-only:bg-gray-50 read-only:text-gray-700 disabled:cursor-not-allowed disabled:bg-gray-50',
  'aria-invalid:ring-red-500 aria-invalid:focus:ring-red-600',
);

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
};

function describedBy(ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean).join(' ');
  return present || undefined;
}

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className'>;

export function TextField({ label, error, hint, className, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <input
        id={inputId}
        className={clsx(inputClasses, 'mt-1.5')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([hint !== undefined && hintId, error !== undefined && errorId])}
        {...inputProps}
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

type PasswordFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className' | 'type'>;

export function PasswordField({ label, error, hint, className, id, ...inputProps }: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          className={clsx(inputClasses, 'pr-10')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy([hint !== undefined && hintId, error !== undefined && errorId])}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      </div>
      {hint !== undefined && (
        <div id={hintId} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type CheckboxFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className' | 'type'>;

export function CheckboxField({ label, error, hint, className, id, ...inputProps }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <label htmlFor={inputId} className="text-sm text-gray-700">
          {label}
        </label>
      </div>
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
