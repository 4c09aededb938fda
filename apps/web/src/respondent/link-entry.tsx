import { embedQueryKey } from '@graphium/shared/public-link-page';
import { chooseLanguage, surveyLanguages } from '@graphium/shared/translations';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';
import { PageShell } from './components/page-shell';
import { NotFoundView } from './components/status-views';
import { headingFocus, primaryButton } from './components/styles';
import { useFocusOnMount } from './components/use-focus-on-mount';
import { browserLanguages, linkLanguage } from './i18n/page-language';
import { englishTranslator, type MessageId } from './i18n/translator';
import { TranslatorProvider, useLanguageTranslator, useTranslator } from './i18n/use-translator';
import { startLinkSurvey } from './link-api';
import { RespondentApp } from './respondent-app';

type State =
  | { kind: 'starting' }
  | { kind: 'started'; surveyId: string }
  | { kind: 'not-found' }
  /** The server's own message as sent, or the page's words for an unreached server. */
  | { kind: 'unavailable'; message: string | { id: MessageId }; mayRetry: boolean };

/** The query of the link's URL, less the page's own `embed`: hidden fields and a contact. */
export function linkParameters(search: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key !== embedQueryKey && !(key in parameters)) parameters[key] = value;
  }
  return parameters;
}

function UnavailableView({
  message,
  onRetry,
}: {
  message: string | { id: MessageId };
  onRetry?: () => void;
}) {
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <PageShell>
      <div className="py-10 text-center">
        <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
          {t('link.unavailableTitle')}
        </h1>
        <p className="mt-3 text-gray-700">{typeof message === 'string' ? message : t(message.id)}</p>
        {onRetry ? (
          <button type="button" className={`${primaryButton} mt-6`} onClick={onRetry}>
            {t('status.tryAgain')}
          </button>
        ) : null}
      </div>
    </PageShell>
  );
}

/**
 * `/s/{slug}`: a public link's page (decision 024). Its GET created nothing; this POST starts the
 * survey (or continues this browser's), then the page goes on as for a sent survey. Until the
 * survey says its languages, the page speaks the link's `?lang=`, else the browser's, else English
 * (decision 025).
 */
export function LinkEntry({ slug, search }: { slug: string; search: string }) {
  const language = chooseLanguage({
    requested: linkLanguage(search),
    browserLanguages: browserLanguages(),
    offered: surveyLanguages,
    defaultLanguage: 'en',
  });
  const translator = useLanguageTranslator(language);
  const [state, setState] = useState<State>({ kind: 'starting' });
  const honeypot = useRef<HTMLInputElement>(null);

  const begin = useCallback(async () => {
    setState({ kind: 'starting' });
    try {
      const { surveyId } = await startLinkSurvey(slug, linkParameters(search), honeypot.current?.value ?? '');
      setState({ kind: 'started', surveyId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: 'not-found' });
      else if (error instanceof ApiError && error.isServerMessage) {
        // Closed, answered already: final. Busy or refused input: the person may try again.
        setState({ kind: 'unavailable', message: error.message, mayRetry: error.status !== 409 });
      } else {
        const id =
          error instanceof ApiError && error.failure === 'timeout' ? 'error.timeout' : 'error.network';
        setState({ kind: 'unavailable', message: { id }, mayRetry: true });
      }
    }
  }, [slug, search]);

  useEffect(() => {
    void begin();
  }, [begin]);

  if (state.kind === 'started') return <RespondentApp surveyId={state.surveyId} />;
  return (
    <TranslatorProvider translator={translator ?? englishTranslator}>
      {state.kind === 'not-found' ? (
        <NotFoundView />
      ) : state.kind === 'unavailable' ? (
        <UnavailableView message={state.message} onRetry={state.mayRetry ? () => void begin() : undefined} />
      ) : (
        <StartingView honeypot={honeypot} />
      )}
    </TranslatorProvider>
  );
}

function StartingView({ honeypot }: { honeypot: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslator();
  return (
    <PageShell>
      <p role="status" className="py-16 text-center text-gray-700">
        {t('status.loading')}
      </p>
      {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t('link.honeypot')}
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </PageShell>
  );
}
