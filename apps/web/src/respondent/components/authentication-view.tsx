import type { AuthenticationProperty } from '@graphium/shared';
import {
  type AuthenticationComparable,
  type AuthenticationProblem,
  checkAuthenticationForm,
} from '@graphium/shared/answer-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { MessageId } from '../i18n/translator';
import { useTranslator } from '../i18n/use-translator';
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
const problemMessages: Record<AuthenticationProblem, MessageId> = {
  required: 'auth.required',
  invalidNumber: 'auth.invalidNumber',
  invalidDate: 'auth.invalidDate',
};

export function AuthenticationView({ logoUrl, fields, onAuthenticate }: AuthenticationViewProps) {
  const { t, language } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, AuthenticationProblem>>({});
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
    setErrors(checked.problems);
    setFailure(undefined);
    const firstInvalid = fields.find((field) => checked.problems[field.id]);
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
        {t('auth.title')}
      </h1>
      <p className="mt-3 text-gray-700">{t('auth.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        {fields.map((field) => {
          const id = `auth-${field.id}`;
          const problem = errors[field.id];
          const error = problem ? t(problemMessages[problem], { label: field.label }) : undefined;
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
                  <option value="">{t('auth.select')}</option>
                  <option value="true">{t('auth.yes')}</option>
                  <option value="false">{t('auth.no')}</option>
                </select>
              ) : (
                <input
                  {...common}
                  type={inputTypes[field.type] ?? 'text'}
                  step={field.type === 'Number' ? 'any' : undefined}
                  inputMode={field.type === 'Number' ? 'decimal' : undefined}
                  // German capitalises nouns: its labels stay as written.
                  placeholder={t('auth.placeholder', {
                    label: language === 'de' ? field.label : field.label.toLocaleLowerCase(language),
                  })}
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
          {isBusy ? t('auth.busy') : t('auth.submit')}
        </button>
      </form>
    </PageShell>
  );
}
