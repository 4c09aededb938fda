import { embedQueryKey } from '@graphium/shared/public-link-page';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, networkMessage } from './api';
import { PageShell } from './components/page-shell';
import { NotFoundView } from './components/status-views';
import { headingFocus, primaryButton } from './components/styles';
import { useFocusOnMount } from './components/use-focus-on-mount';
import { startLinkSurvey } from './link-api';
import { linkTexts } from './link-texts';
import { RespondentApp } from './respondent-app';

type State =
  | { kind: 'starting' }
  | { kind: 'started'; surveyId: string }
  | { kind: 'not-found' }
  | { kind: 'unavailable'; message: string; mayRetry: boolean };

/** The query of the link's URL, less the page's own `embed`: hidden fields and a contact. */
export function linkParameters(search: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key !== embedQueryKey && !(key in parameters)) parameters[key] = value;
  }
  return parameters;
}

function UnavailableView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <PageShell>
      <div className="py-10 text-center">
        <h1 ref={heading} tabIndex={-1} className={`text-2xl font-bold ${headingFocus}`}>
          {linkTexts.unavailableHeading}
        </h1>
        <p className="mt-3 text-gray-700">{message}</p>
        {onRetry ? (
          <button type="button" className={`${primaryButton} mt-6`} onClick={onRetry}>
            {linkTexts.tryAgain}
          </button>
        ) : null}
      </div>
    </PageShell>
  );
}

/**
 * `/s/{slug}`: a public link's page (decision 024). Its GET created nothing; this POST starts the
 * survey (or continues this browser's), then the page goes on as for a sent survey.
 */
export function LinkEntry({ slug, search }: { slug: string; search: string }) {
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
      } else setState({ kind: 'unavailable', message: networkMessage, mayRetry: true });
    }
  }, [slug, search]);

  useEffect(() => {
    void begin();
  }, [begin]);

  if (state.kind === 'started') return <RespondentApp surveyId={state.surveyId} />;
  if (state.kind === 'not-found') return <NotFoundView />;
  if (state.kind === 'unavailable') {
    return (
      <UnavailableView message={state.message} onRetry={state.mayRetry ? () => void begin() : undefined} />
    );
  }
  return (
    <PageShell>
      <p role="status" className="py-16 text-center text-gray-700">
        {linkTexts.starting}
      </p>
      {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {linkTexts.honeypotLabel}
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </PageShell>
  );
}
