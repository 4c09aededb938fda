import type { RespondentList, SurveyAnswer, SurveyQuestion } from '@graphium/shared';
import { isComplete } from '@graphium/shared/answer-rules';
import { useEffect, useRef } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { ErrorMessage, PageShell } from './page-shell';
import { QuestionField } from './question-field';
import { headingFocus, primaryButton, secondaryButton } from './styles';
import { useFocusOnMount } from './use-focus-on-mount';

export interface SurveyViewProps {
  logoUrl: string | null;
  surveyName: string;
  /** The questions of the respondent's path (decision 023). */
  questions: SurveyQuestion[];
  /** Per question id: option text → label in the respondent's language (decision 025). */
  optionLabels?: Record<string, Record<string, string>>;
  /** The current question's position on the path. */
  index: number;
  answers: Record<string, SurveyAnswer | undefined>;
  lists: RespondentList[];
  isSaving: boolean;
  saveError?: string;
  onAnswer: (questionId: string, value: SurveyAnswer) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * docs/product-rules.md#the-respondent-page survey view: progress, the survey name, the current question, and
 * Previous / Next
 * (Complete Survey on the last, Saving... while saving). Next waits while saving and while a
 * required question is unanswered (0 counts as an NPS answer, decision 005; a matrix needs every
 * statement, decision 027).
 */
export function SurveyView(props: SurveyViewProps) {
  const { questions, index, isSaving, saveError } = props;
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const question = questions[index];
  // The bar shows the furthest point reached and never runs backwards (decision 023): a changed
  // answer can lengthen the path, and Previous moves the question, not the bar.
  const furthest = useRef(0);
  if (questions.length > 0) furthest.current = Math.max(furthest.current, (index + 1) / questions.length);
  // Each question change puts focus on the new question's heading.
  useFocusOnMount(heading, question?.id);
  // Next was disabled while saving and lost focus: after a failure, give it back.
  useEffect(() => {
    if (saveError) nextButton.current?.focus();
  }, [saveError]);

  if (!question) {
    return (
      <PageShell logoUrl={props.logoUrl}>
        <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
          {t('survey.noQuestionsTitle')}
        </h1>
        <p className="mt-3 text-gray-700">{t('survey.noQuestionsText')}</p>
      </PageShell>
    );
  }

  const position = index + 1;
  const isLast = position === questions.length;
  const value = props.answers[question.id];
  const isBlocked = isSaving || (question.validation.required && !isComplete(question, value));
  const progressText = t('survey.progress', { position, total: questions.length });

  return (
    <PageShell logoUrl={props.logoUrl}>
      <h1 className="text-lg font-semibold text-gray-700">{props.surveyName}</h1>
      <div className="mt-3">
        <p className="text-sm font-medium text-gray-700">{progressText}</p>
        <div
          role="progressbar"
          aria-label={t('survey.progressLabel')}
          aria-valuemin={1}
          aria-valuemax={questions.length}
          aria-valuenow={position}
          aria-valuetext={progressText}
          className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width]"
            style={{ width: `${furthest.current * 100}%` }}
          />
        </div>
      </div>
      <form
        className="mt-8"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBlocked) props.onNext();
        }}
      >
        <QuestionField
          key={question.id}
          question={question}
          value={value}
          onChange={(next) => props.onAnswer(question.id, next)}
          lists={props.lists}
          headingRef={heading}
          optionLabels={props.optionLabels?.[question.id]}
        />
        {saveError ? (
          <div className="mt-6">
            <ErrorMessage>{saveError}</ErrorMessage>
          </div>
        ) : null}
        <div className="mt-8 flex justify-between gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={index === 0 || isSaving}
            onClick={props.onPrevious}
          >
            <span aria-hidden="true">←&nbsp;</span>
            {t('survey.previous')}
          </button>
          <button ref={nextButton} type="submit" className={primaryButton} disabled={isBlocked}>
            {isSaving ? (
              t('survey.saving')
            ) : isLast ? (
              t('survey.complete')
            ) : (
              <>
                {t('survey.next')}
                <span aria-hidden="true">&nbsp;→</span>
              </>
            )}
          </button>
        </div>
      </form>
    </PageShell>
  );
}
