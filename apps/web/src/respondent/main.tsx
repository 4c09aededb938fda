import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readEmailAnswerOf } from './email-answer-link';
import { RespondentApp } from './respondent-app';
import './respondent.css';

// The respondent page's own entry point (decision 005): React and this folder only, no staff code.

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render into.');

/** The survey id is the path's last part: /survey/{surveyId}. */
const surveyId = decodeURIComponent(window.location.pathname.replace(/\/+$/, '').split('/').pop() ?? '');

createRoot(rootElement).render(
  <StrictMode>
    <RespondentApp surveyId={surveyId} emailAnswer={readEmailAnswerOf(window.location.search)} />
  </StrictMode>,
);
