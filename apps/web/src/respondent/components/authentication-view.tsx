import type { AuthenticationProperty } from '@graphium/shared';
import { type AuthenticationComparable, checkAuthenticationForm } from '@graphium/shared/answer-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorMessage, PageShell, RequiredMark } from './page-shell';
import { headingFocus, primaryButton, textControl } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export interface AuthenticationViewProps {
  logoUrl: string | null;
  fields: AuthenticationProperty[];
  /** Resolves with an error message to show, or undefined when the respondent got in. */
  onAuthenticate: (values: Record<string, AuthenticationComparable>) => Promise<string | undefined>;
}

const inputTypes: Partial<Record<AuthenticationProperty['type'], string>> = {
  Number: 'number',
  Date: 'date',
  DateTime: 'datetime-local',
};

/**
 * docs/product-rules.md#respondent-authentication authentication view with the form rules and messages of
 * docs/product-rules.md#respondent-authentication.
 */
export function AuthenticationView({ logoUrl, fields, onAuthenticate }: AuthenticationViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  useFocusOnMount(heading);
  // The button was disabled while busy and lost focus: give it back for the next try.
  useEffect(() => {
    if (failure) submitButton.current?.focus();
  }, [failure]);

  function edit(id: string, value: string) {
    setRaw((current) => ({ ...current, [id]: value }));
    // docs/product-rules.md#respondent-authentication: a field's error clears when the user edits it.
    setErrors(({ [id]: _cleared, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const checked = checkAuthenticationForm(fields, raw);
    setErrors(checked.errors);
    setFailure(undefined);
    const firstInvalid = fields.find((field) => checked.errors[field.id]);
    if (firstInvalid) {
      document.getElementById(`auth-${firstInvalid.id}`)?.focus();
      return;
    }
    setIsBusy(true);
    const message = await onAuthenticate(checked.values);
    // On success the page moves on and this view is gone.
    if (message !== undefined) {
      setFailure(message);
      setIsBusy(false);
    }
  }

  return (
    <PageShell logoUrl={logoUrl}>
      <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
        Authentication Required
      </h1>
      <p className="mt-3 text-gray-700">Please provide the following information to access this survey:</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        {fields.map((field) => {
          const id = `auth-${field.id}`;
          const error = errors[field.id];
          const common = {
            id,
            name: field.id,
            value: raw[field.id] ?? '',
            'aria-required': field.required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            className: textControl,
          } as const;
          return (
            <div key={field.id}>
              <label htmlFor={id} className="mb-1.5 block font-medium text-gray-900">
                {field.label}
                {field.required ? <RequiredMark /> : null}
              </label>
              {field.type === 'Boolean' ? (
                <select {...common} onChange={(event) => edit(field.id, event.target.value)}>
                  <option value="">Select...</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </select>
              ) : (
                <input
                  {...common}
                  type={inputTypes[field.type] ?? 'text'}
                  step={field.type === 'Number' ? 'any' : undefined}
                  inputMode={field.type === 'Number' ? 'decimal' : undefined}
                  placeholder={`Enter ${field.label.toLowerCase()}`}
                  onChange={(event) => edit(field.id, event.target.value)}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
        <button
          ref={submitButton}
          type="submit"
          className={`${primaryButton} w-full sm:w-auto`}
          disabled={isBusy}
        >
          {isBusy ? 'Authenticating...' : 'Authenticate'}
        </button>
      </form>
    </PageShell>
  );
}
