import type { EmailAnswer, SurveyQuestion } from '@graphium/shared';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { readEmailAnswerOf } from './email-answer-link';
import { RespondentApp } from './respondent-app';
import { everyQuestion, fakeApi, lockedSurvey, respondentSurvey, surveyId } from './testing/fake-api';
import {
  authenticate,
  authenticationForm,
  complete,
  expectFocus,
  load,
  reload,
  save,
  savingServer,
} from './testing/respondent-page';

// Decision 026: the page an answer link of the survey e-mail opens asks to confirm the answer,
// saves it through the respondent save and continues at the next question.

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
  window.history.replaceState(null, '', `/survey/${surveyId}?answer=q-nps:8&utm=mail`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderLink(answer: EmailAnswer | undefined = { questionId: 'q-nps', value: 8 }) {
  const user = setupUser();
  render(<RespondentApp surveyId={surveyId} emailAnswer={answer} />);
  return user;
}

const confirmHeading = () => screen.findByRole('heading', { level: 1, name: 'Confirm your answer' });

describe('an answer link from the survey e-mail', () => {
  it('reads the answer from the link', () => {
    expect(readEmailAnswerOf('?answer=q-nps:8&utm=mail')).toEqual({ questionId: 'q-nps', value: 8 });
    expect(readEmailAnswerOf('?answer=q-nps:eight')).toBeUndefined();
    expect(readEmailAnswerOf('')).toBeUndefined();
  });

  it('asks to confirm the chosen answer and saves nothing before the confirm', async () => {
    const calls = fakeApi({ [load]: () => ({ body: respondentSurvey() }) });
    renderLink();
    await expectFocus(confirmHeading());
    expect(screen.getByText('After your visit')).toBeVisible();
    const scale = screen.getByRole('group', { name: 'How likely are you to recommend us?' });
    expect(within(scale).getByRole('radio', { name: '8' })).toBeChecked();
    expect(within(scale).getAllByRole('radio')).toHaveLength(11);
    expect(screen.getByText('Not likely')).toBeVisible();
    expect(screen.getByText('Very likely')).toBeVisible();
    expect(screen.getByText('Your answer:').parentElement).toHaveTextContent('Your answer: 8');
    expect(screen.getByRole('button', { name: 'Confirm answer' })).toBeEnabled();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('saves the answer as changed before the confirm, then shows the next question', async () => {
    const calls = fakeApi({ [load]: () => ({ body: respondentSurvey() }), [save]: savingServer()(false) });
    const user = renderLink();
    await expectFocus(confirmHeading());
    await user.click(screen.getByRole('radio', { name: '9' }));
    expect(screen.getByText('Your answer:').parentElement).toHaveTextContent('Your answer: 9');
    await user.click(screen.getByRole('button', { name: 'Confirm answer' }));
    await expectFocus(screen.findByRole('heading', { name: 'Rate your visit' }));
    expect(screen.getByText('Question 2 of 7')).toBeVisible();
    const saves = calls.filter((call) => call.method === 'PATCH');
    expect(saves).toEqual([expect.objectContaining({ path: save.slice('PATCH '.length) })]);
    expect(saves[0]!.body).toEqual({ surveyResponses: { 'q-nps': 9 }, language: 'en' });
    expect(saves[0]!.headers['X-XSRF-TOKEN']).toBe('xsrf-1');
    // A reload opens the survey, not the confirmation; other parameters stay.
    expect(window.location.search).toBe('?utm=mail');
    // Previous goes back to the confirmed answer.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: '9' })).toBeChecked();
  });

  it('says "4 stars" for a star rating and completes a one-question survey', async () => {
    const stars = everyQuestion(true)[1] as SurveyQuestion;
    const calls = fakeApi({
      [load]: () => ({ body: respondentSurvey({ questions: [stars] }) }),
      [complete]: savingServer()(true),
    });
    const user = renderLink({ questionId: 'q-stars', value: 4 });
    await expectFocus(confirmHeading());
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByText('Your answer:').parentElement).toHaveTextContent('Your answer: 4 stars');
    await user.click(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { surveyResponses: { 'q-stars': 4 }, language: 'en' },
    ]);
  });

  it('asks for authentication first on a survey that needs it, then for the confirm', async () => {
    const calls = fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => ({ body: { success: true, message: 'ok' } }),
      [reload]: () => ({ body: respondentSurvey() }),
      [save]: savingServer()(false),
    });
    const user = renderLink();
    await user.type(await authenticationForm(), 'Lovelace');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    await expectFocus(confirmHeading());
    expect(screen.getByRole('radio', { name: '8' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(await screen.findByText('Question 2 of 7')).toBeVisible();
  });

  it('shows the thank-you page for a completed survey and nothing to confirm', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ state: 'COMPLETE', responses: { 'q-nps': 3 } }) }) });
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm answer' })).not.toBeInTheDocument();
  });

  it('opens the survey as usual for a link that does not fit its first question', async () => {
    for (const answer of [
      { questionId: 'q-nps', value: 11 },
      { questionId: 'q-stars', value: 3 },
      { questionId: 'q-other', value: 1 },
    ]) {
      fakeApi({ [load]: () => ({ body: respondentSurvey() }) });
      const { unmount } = render(<RespondentApp surveyId={surveyId} emailAnswer={answer} />);
      expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
      unmount();
    }
  });

  it('keeps the answer and says why when the save fails; a survey completed meanwhile shows its thank-you page', async () => {
    let state: 'OPENED' | 'COMPLETE' = 'OPENED';
    fakeApi({
      [load]: () => ({ body: respondentSurvey() }),
      [reload]: () => ({ body: respondentSurvey({ state }) }),
      [save]: () =>
        state === 'OPENED'
          ? { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong.' } }
          : { status: 409, body: { error: 'CONFLICT', message: 'This survey has already been completed.' } },
    });
    const user = renderLink();
    await expectFocus(confirmHeading());
    await user.click(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await expectFocus(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(screen.getByRole('radio', { name: '8' })).toBeChecked();
    state = 'COMPLETE';
    await user.click(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  });
});
