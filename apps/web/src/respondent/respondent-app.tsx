import type {
  LockedRespondentSurvey,
  RespondentSurvey,
  RespondentSurveyReply,
  SurveyAnswer,
  SurveyQuestion,
  SurveyResponses,
} from '@graphium/shared';
import {
  type AuthenticationComparable,
  authenticationFailedFallbackMessage,
  authenticationMismatchMessage,
  type EmailAnswer,
  emailAnswerFor,
  findResumeIndex,
  surveyAlreadyCompletedMessage,
  surveyExpiredMessage,
} from '@graphium/shared/answer-rules';
import { surveyPath } from '@graphium/shared/survey-logic';
import {
  chooseLanguage,
  isSurveyLanguage,
  localizeQuestion,
  type SurveyLanguage,
  surveyLanguages,
  templateLanguages,
} from '@graphium/shared/translations';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, type SurveySource, serverSource } from './api';
import { AuthenticationView } from './components/authentication-view';
import { CompleteView } from './components/complete-view';
import { ConfirmAnswerView } from './components/confirm-answer-view';
import { LoadingView, NotFoundView } from './components/status-views';
import { SurveyView } from './components/survey-view';
import { WelcomeView } from './components/welcome-view';
import { forgetEmailAnswerLink } from './email-answer-link';
import { LanguageChoiceProvider } from './i18n/language-menu';
import { browserLanguages, linkLanguage } from './i18n/page-language';
import { englishTranslator as englishFallback, type MessageId, type Translator } from './i18n/translator';
import { TranslatorProvider, useLanguageTranslator } from './i18n/use-translator';
import { buildSavePayload } from './save-payload';

type View =
  | { kind: 'loading' }
  | { kind: 'not-found'; error?: unknown }
  | { kind: 'authentication'; survey: LockedRespondentSurvey }
  | { kind: 'welcome' | 'survey'; survey: RespondentSurvey }
  | { kind: 'confirm'; survey: RespondentSurvey; value: number }
  | { kind: 'complete'; survey: RespondentSurveyReply };

function questionsOf(survey: RespondentSurvey) {
  return survey.surveyTemplate.surveyTemplateDefinition.questions.filter(
    (question) => question.active !== false,
  );
}

/** The questions the respondent's path shows for the answers so far (decision 023). */
function pathOf(survey: RespondentSurvey, answers: Readonly<Record<string, unknown>>) {
  return surveyPath(questionsOf(survey), answers);
}

/** The server's own messages the page words in the respondent's language; others show as sent. */
const serverMessageIds: Record<string, MessageId> = {
  [surveyAlreadyCompletedMessage]: 'error.alreadyCompleted',
  [surveyExpiredMessage]: 'error.expired',
  [authenticationMismatchMessage]: 'auth.mismatch',
  [authenticationFailedFallbackMessage]: 'auth.failed',
};

function wordServerMessage(message: string, { t }: Translator): string {
  const id = serverMessageIds[message];
  return id ? t(id) : message;
}

function problemOf(error: unknown, translator: Translator): string | undefined {
  // A 404 is the answer itself; anything else may pass, so the page says what went wrong.
  if (error instanceof ApiError) {
    if (error.failure) return translator.t(error.failure === 'timeout' ? 'error.timeout' : 'error.network');
    return error.status === 404 ? undefined : wordServerMessage(error.message, translator);
  }
  return translator.t('error.network');
}

interface Offer {
  languages: readonly SurveyLanguage[];
  defaultLanguage: SurveyLanguage;
}

/** Before the survey says which languages it offers, any the page speaks (the catalogue loads early). */
const anyLanguage: Offer = { languages: surveyLanguages, defaultLanguage: 'en' };

function offerOf(reply: RespondentSurveyReply): Offer {
  if (reply.requiresAuthentication) {
    const languages = (reply.surveyTemplate.languages ?? []).filter(isSurveyLanguage);
    return languages[0] ? { languages, defaultLanguage: languages[0] } : anyLanguage;
  }
  const definition = reply.surveyTemplate.surveyTemplateDefinition;
  const defaultLanguage = isSurveyLanguage(definition.defaultLanguage) ? definition.defaultLanguage : 'en';
  return {
    languages: templateLanguages({ defaultLanguage, translations: definition.translations ?? {} }),
    defaultLanguage,
  };
}

/** Why a save failed, in the respondent's language: the server's own message, else the page's. */
function saveProblemOf(error: unknown, translator: Translator): string {
  return error instanceof ApiError && error.isServerMessage
    ? wordServerMessage(error.message, translator)
    : translator.t('error.saveFailed');
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
  requestedLanguage,
}: {
  surveyId: string;
  source?: SurveySource;
  emailAnswer?: EmailAnswer;
  /** The link's `?lang=`; by default read from the page's address. */
  requestedLanguage?: string | null;
}) {
  const api = useMemo(() => source ?? serverSource(surveyId), [source, surveyId]);
  const [offer, setOffer] = useState<Offer>(anyLanguage);
  const [menuLanguage, setMenuLanguage] = useState<SurveyLanguage>();
  // Decision 025: the language menu's choice, else the link's, else the browser's, else the template's default.
  const wanted =
    menuLanguage && offer.languages.includes(menuLanguage)
      ? menuLanguage
      : chooseLanguage({
          requested: requestedLanguage === undefined ? linkLanguage() : requestedLanguage,
          browserLanguages: browserLanguages(),
          offered: offer.languages,
          defaultLanguage: offer.defaultLanguage,
        });
  const translator = useLanguageTranslator(wanted);
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
    setOffer(offerOf(reply));
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
        setView({ kind: 'not-found', error });
      }
    },
    [api, enter],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  const t = (translator ?? englishFallback).t;

  async function authenticate(values: Record<string, AuthenticationComparable>): Promise<string | undefined> {
    const current = translator ?? englishFallback;
    try {
      const result = await api.authenticate(values);
      if (!result.success)
        return wordServerMessage(result.message || authenticationFailedFallbackMessage, current);
      const reply = await api.getSurvey(false);
      if (reply.requiresAuthentication && reply.surveyState !== 'COMPLETE') return t('auth.cookiesBlocked');
      enter(reply);
      return undefined;
    } catch (error) {
      // docs/product-rules.md#texts-dates-and-errors: the server's message, else the error's own, else the
      // fallback.
      if (error instanceof ApiError && error.failure) return problemOf(error, current);
      return error instanceof Error && error.message
        ? wordServerMessage(error.message, current)
        : t('auth.failed');
    }
  }

  async function next(survey: RespondentSurvey, allQuestions: SurveyQuestion[], questions: SurveyQuestion[]) {
    const isLast = index >= questions.length - 1;
    setIsSaving(true);
    setSaveError(undefined);
    try {
      // docs/product-rules.md#the-respondent-page: Next saves all responses so far; the last one completes
      // the survey. The language goes with it, so the response detail can say it (decision 025).
      const result = await api.save(
        buildSavePayload(allQuestions, questions, answers, saved),
        isLast,
        translator?.language,
      );
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
        setSaveError(saveProblemOf(error, translator ?? englishFallback));
      }
    } finally {
      setIsSaving(false);
    }
  }

  function render() {
    // The first catalogue of a language other than English is still on its way.
    if (view.kind === 'loading' || !translator) return <LoadingView />;
    if (view.kind === 'not-found')
      return (
        <NotFoundView
          problem={view.error === undefined ? undefined : problemOf(view.error, translator)}
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
    const language = translator.language;
    if (view.kind === 'complete') {
      // Before authentication the server sends the closing text only when it holds no property value.
      if (view.survey.requiresAuthentication) {
        const texts = view.survey.surveyTemplate;
        return (
          <CompleteView logoUrl={logoUrl} closingText={texts.closingText} reviewLink={texts.reviewLink} />
        );
      }
      const definition = view.survey.surveyTemplate.surveyTemplateDefinition;
      const closingText = definition.translations?.[language]?.closingText || definition.closingText;
      return <CompleteView logoUrl={logoUrl} closingText={closingText} reviewLink={definition.reviewLink} />;
    }

    const survey = view.survey;
    const {
      surveyTemplateName,
      surveyTemplateDefinition: definition,
      estimatedMinutes,
    } = survey.surveyTemplate;
    // Decision 025: texts in the respondent's language where translated, else the default language's.
    const translation =
      language === definition.defaultLanguage ? undefined : definition.translations?.[language];
    const localized = questionsOf(survey).map((question) =>
      localizeQuestion(question, translation?.questions[question.id]),
    );
    const allQuestions = localized.map((item) => item.question);
    // `index` is the position on the path: the path before it rests on earlier answers only, so
    // answering the current question changes what comes after it, never where it stands.
    const questions = surveyPath(allQuestions, answers);

    if (view.kind === 'confirm') {
      const question = questions[0]!;
      const isLast = questions.length === 1;
      const current = translator;
      const confirm = async (value: number): Promise<string | undefined> => {
        try {
          // The same save as Next: the first question's answer, completing a one-question survey.
          const result = await api.save({ [question.id]: value }, isLast, current.language);
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
          return saveProblemOf(error, current);
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
          openingText={translation?.openingText || definition.openingText}
          estimatedMinutes={estimatedMinutes}
          onStart={() => setView({ kind: 'survey', survey })}
        />
      );
    }

    return (
      <SurveyView
        logoUrl={logoUrl}
        surveyName={surveyTemplateName}
        questions={questions}
        optionLabels={Object.fromEntries(localized.map((item) => [item.question.id, item.optionLabels]))}
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
        onNext={() => void next(survey, allQuestions, questions)}
      />
    );
  }

  return (
    <TranslatorProvider translator={translator ?? englishFallback}>
      <LanguageChoiceProvider
        value={{
          // No menu before the survey says its languages.
          languages: offer === anyLanguage ? [] : offer.languages,
          language: translator?.language ?? wanted,
          onChange: setMenuLanguage,
        }}
      >
        {render()}
      </LanguageChoiceProvider>
    </TranslatorProvider>
  );
}
