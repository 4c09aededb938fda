import { publicLinkPathPrefix } from '@graphium/shared/public-link-page';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readEmailAnswerOf } from './email-answer-link';
import { startEmbedMode } from './embed-mode';
import { LinkEntry } from './link-entry';
import { RespondentApp } from './respondent-app';
import './respondent.css';

// The respondent page's own entry point (decision 005): React and this folder only, no staff code.

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render into.');

const { pathname, search } = window.location;
/** The path's last part: /survey/{surveyId}, or a public link's /s/{slug} (decision 024). */
const lastPart = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
startEmbedMode(search, rootElement);

createRoot(rootElement).render(
  <StrictMode>
    {pathname.startsWith(publicLinkPathPrefix) ? (
      <LinkEntry slug={lastPart} search={search} />
    ) : (
      <RespondentApp surveyId={lastPart} emailAnswer={readEmailAnswerOf(search)} />
    )}
  </StrictMode>,
);
