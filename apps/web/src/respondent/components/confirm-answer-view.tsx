import type { SurveyQuestion } from '@graphium/shared';
import { emailAnswerText } from '@graphium/shared/answer-rules';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { ErrorMessage, PageShell } from './page-shell';
import { QuestionField } from './question-field';
import { headingFocus, primaryButton } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export interface ConfirmAnswerViewProps {
  logoUrl: string | null;
  surveyName: string;
  /** The survey's first question, a scale. */
  question: SurveyQuestion;
  /** The number chosen in the e-mail. */
  initialValue: number;
  /** Saves the answer; resolves to the message to show when that failed. */
  onConfirm: (value: number) => Promise<string | undefined>;
}

/**
 * Decision 026: the page an answer link of the survey e-mail opens. Nothing is saved until the
 * respondent confirms (a mail scanner following every link records nothing); the answer can be
 * changed first, with the same scale as the survey's question.
 */
export function ConfirmAnswerView(props: ConfirmAnswerViewProps) {
  const { t } = useTranslator();
  const [value, setValue] = useState(props.initialValue);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusOnMount(heading);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setError(undefined);
    const problem = await props.onConfirm(value);
    if (problem) {
      setIsSaving(false);
      setError(problem);
      button.current?.focus();
    }
  }

  const isStars = props.question.type === 'StarRatingScale';
  return (
    <PageShell logoUrl={props.logoUrl}>
      <p className="text-lg font-semibold text-gray-700">{props.surveyName}</p>
      <h1 ref={heading} tabIndex={-1} className={`mt-2 text-2xl font-bold ${headingFocus}`}>
        {t('confirm.title')}
      </h1>
      <p className="mt-3 text-gray-700">{t('confirm.intro')}</p>
      <form className="mt-8" noValidate onSubmit={(event) => void confirm(event)}>
        <QuestionField
          question={props.question}
          value={value}
          onChange={(next) => {
            if (typeof next === 'number') setValue(next);
            setError(undefined);
          }}
          lists={[]}
          headingRef={questionHeading}
        />
        <p className="mt-6 text-lg text-gray-900" aria-live="polite">
          {t('confirm.chosen')} <strong>{emailAnswerText({ isStars }, value)}</strong>
        </p>
        {error ? (
          <div className="mt-6">
            <ErrorMessage>{error}</ErrorMessage>
          </div>
        ) : null}
        <button
          ref={button}
          type="submit"
          className={`${primaryButton} mt-8 w-full sm:w-auto`}
          disabled={isSaving}
        >
          {isSaving ? t('survey.saving') : t('confirm.submit')}
        </button>
      </form>
    </PageShell>
  );
}
