import type {
  LockedRespondentSurvey,
  RespondentSurvey,
  RespondentSurveyReply,
  SurveyAnswer,
  SurveyResponses,
} from '@graphium/shared';
import {
  type AuthenticationComparable,
  authenticationFailedFallbackMessage,
  type EmailAnswer,
  emailAnswerFor,
  findResumeIndex,
} from '@graphium/shared/answer-rules';
import { surveyPath } from '@graphium/shared/survey-logic';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, networkMessage, type SurveySource, serverSource } from './api';
import { AuthenticationView } from './components/authentication-view';
import { CompleteView } from './components/complete-view';
import { ConfirmAnswerView } from './components/confirm-answer-view';
import { LoadingView, NotFoundView } from './components/status-views';
import { SurveyView } from './components/survey-view';
import { WelcomeView } from './components/welcome-view';
import { forgetEmailAnswerLink } from './email-answer-link';
import { buildSavePayload, saveFailedMessage } from './save-payload';

type View =
  | { kind: 'loading' }
  | { kind: 'not-found'; problem?: string }
  | { kind: 'authentication'; survey: LockedRespondentSurvey }
  | { kind: 'welcome' | 'survey'; survey: RespondentSurvey }
  | { kind: 'confirm'; survey: RespondentSurvey; value: number }
  | { kind: 'complete'; survey: RespondentSurveyReply };

export const cookiesBlockedMessage =
  'Your browser did not keep the sign-in for this survey. Allow cookies for this site and try again.';

function questionsOf(survey: RespondentSurvey) {
  return survey.surveyTemplate.surveyTemplateDefinition.questions.filter(
    (question) => question.active !== false,
  );
}

/** The questions the respondent's path shows for the answers so far (decision 023). */
function pathOf(survey: RespondentSurvey, answers: Readonly<Record<string, unknown>>) {
  return surveyPath(questionsOf(survey), answers);
}

function problemOf(error: unknown): string | undefined {
  // A 404 is the answer itself; anything else may pass, so the page says what went wrong.
  if (error instanceof ApiError) return error.status === 404 ? undefined : error.message;
  return networkMessage;
}

function saveProblemOf(error: unknown): string {
  return error instanceof ApiError && error.isServerMessage ? error.message : saveFailedMessage;
}

/**
 * The respondent page (docs/product-rules.md#the-respondent-page) and its transitions
 * (docs/product-rules.md#the-respondent-page). `source` replaces the server, as the template preview
 * does (decision 022). `emailAnswer` is the answer an e-mail's link carries (decision 026): the
 * page asks to confirm it before anything is saved.
 */
export function RespondentApp({
  surveyId,
  source,
  emailAnswer,
}: {
  surveyId: string;
  source?: SurveySource;
  emailAnswer?: EmailAnswer;
}) {
  const api = useMemo(() => source ?? serverSource(surveyId), [source, surveyId]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Record<string, SurveyAnswer | undefined>>({});
  const [saved, setSaved] = useState<SurveyResponses>({});
  const [index, setIndex] = useState(0);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  // Kept through authentication; gone once confirmed.
  const pendingEmailAnswer = useRef(emailAnswer);

  /**
   * docs/product-rules.md#respondent-authentication "On load" and "Successful authentication": where a reply
   * leads.
   */
  const enter = useCallback((reply: RespondentSurveyReply) => {
    if (!reply?.surveyTemplate) {
      setView({ kind: 'not-found' });
      return;
    }
    document.title = reply.surveyTemplate.surveyTemplateName;
    if (reply.surveyState === 'COMPLETE') {
      setView({ kind: 'complete', survey: reply });
      return;
    }
    if (reply.requiresAuthentication) {
      setView({ kind: 'authentication', survey: reply });
      return;
    }
    const responses = reply.surveyResponses ?? {};
    const questions = pathOf(reply, responses);
    setSaved(responses);
    setAnswers(responses);
    setSaveError(undefined);
    const offered = emailAnswerFor(questions, pendingEmailAnswer.current);
    if (offered) {
      setView({ kind: 'confirm', survey: reply, value: offered.value });
    } else if (Object.keys(responses).length > 0 && questions.length > 0) {
      setIndex(findResumeIndex(questions, responses));
      setView({ kind: 'survey', survey: reply });
    } else {
      setIndex(0);
      setView({ kind: 'welcome', survey: reply });
    }
  }, []);

  const load = useCallback(
    async (markAsOpened: boolean) => {
      try {
        enter(await api.getSurvey(markAsOpened));
      } catch (error) {
        setView({ kind: 'not-found', problem: problemOf(error) });
      }
    },
    [api, enter],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  async function authenticate(values: Record<string, AuthenticationComparable>): Promise<string | undefined> {
    try {
      const result = await api.authenticate(values);
      if (!result.success) return result.message || authenticationFailedFallbackMessage;
      const reply = await api.getSurvey(false);
      if (reply.requiresAuthentication && reply.surveyState !== 'COMPLETE') return cookiesBlockedMessage;
      enter(reply);
      return undefined;
    } catch (error) {
      // docs/product-rules.md#texts-dates-and-errors: the server's message, else the error's own, else the
      // fallback.
      return error instanceof Error && error.message ? error.message : authenticationFailedFallbackMessage;
    }
  }

  if (view.kind === 'loading') return <LoadingView />;
  if (view.kind === 'not-found')
    return (
      <NotFoundView
        problem={view.problem}
        onRetry={() => {
          setView({ kind: 'loading' });
          void load(true);
        }}
      />
    );
  const logoUrl = view.survey.surveyTemplate.logoUrl;
  if (view.kind === 'authentication') {
    return (
      <AuthenticationView
        logoUrl={logoUrl}
        fields={view.survey.surveyTemplate.authenticationProperties}
        onAuthenticate={authenticate}
      />
    );
  }
  if (view.kind === 'complete') {
    // Before authentication the server sends the closing text only when it holds no property value.
    const texts = view.survey.requiresAuthentication
      ? view.survey.surveyTemplate
      : view.survey.surveyTemplate.surveyTemplateDefinition;
    return <CompleteView logoUrl={logoUrl} closingText={texts.closingText} reviewLink={texts.reviewLink} />;
  }

  const survey = view.survey;
  const { surveyTemplateName, surveyTemplateDefinition, estimatedMinutes } = survey.surveyTemplate;
  // `index` is the position on the path: the path before it rests on earlier answers only, so
  // answering the current question changes what comes after it, never where it stands.
  const questions = pathOf(survey, answers);

  if (view.kind === 'confirm') {
    const question = questions[0]!;
    const isLast = questions.length === 1;
    const confirm = async (value: number): Promise<string | undefined> => {
      try {
        // The same save as Next: the first question's answer, completing a one-question survey.
        const result = await api.save({ [question.id]: value }, isLast);
        pendingEmailAnswer.current = undefined;
        forgetEmailAnswerLink();
        setSaved(result.surveyResponses);
        setAnswers(result.surveyResponses);
        if (isLast || result.surveyState === 'COMPLETE') setView({ kind: 'complete', survey });
        else {
          setIndex(1);
          setView({ kind: 'survey', survey });
        }
        return undefined;
      } catch (error) {
        // Signed out meanwhile (401), or completed or closed (409): the page shows what now holds.
        if (error instanceof ApiError && (error.status === 401 || error.status === 409)) {
          await load(false);
          return undefined;
        }
        return saveProblemOf(error);
      }
    };
    return (
      <ConfirmAnswerView
        logoUrl={logoUrl}
        surveyName={surveyTemplateName}
        question={question}
        initialValue={view.value}
        onConfirm={confirm}
      />
    );
  }

  if (view.kind === 'welcome') {
    return (
      <WelcomeView
        logoUrl={logoUrl}
        surveyName={surveyTemplateName}
        openingText={surveyTemplateDefinition.openingText}
        estimatedMinutes={estimatedMinutes}
        onStart={() => setView({ kind: 'survey', survey })}
      />
    );
  }

  async function next() {
    const isLast = index >= questions.length - 1;
    setIsSaving(true);
    setSaveError(undefined);
    try {
      // docs/product-rules.md#the-respondent-page: Next saves all responses so far; the last one completes
      // the survey.
      const result = await api.save(buildSavePayload(questionsOf(survey), questions, answers, saved), isLast);
      setSaved(result.surveyResponses);
      if (isLast || result.surveyState === 'COMPLETE') setView({ kind: 'complete', survey });
      else setIndex(index + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The respondent's sign-in ran out: ask again, then resume where the answers stop.
        await load(false);
      } else {
        // docs/product-rules.md#texts-dates-and-errors only logs this; here the respondent stays on the
        // question and is told.
        setSaveError(saveProblemOf(error));
      }
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <SurveyView
      logoUrl={logoUrl}
      surveyName={surveyTemplateName}
      questions={questions}
      index={index}
      answers={answers}
      lists={survey.lists}
      isSaving={isSaving}
      saveError={saveError}
      onAnswer={(questionId, value) => {
        setAnswers((current) => ({ ...current, [questionId]: value }));
        setSaveError(undefined);
      }}
      onPrevious={() => {
        setSaveError(undefined);
        setIndex((current) => Math.max(0, current - 1));
      }}
      onNext={() => void next()}
    />
  );
}
