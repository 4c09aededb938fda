import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyQuestion, fakeApi, lockedSurvey, respondentSurvey, surveyId } from './testing/fake-api';
import {
  complete,
  expectFocus,
  load,
  reload,
  renderPage,
  save,
  savingServer,
} from './testing/respondent-page';

// Two cores shared with other suites: give each awaited step more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('welcome', () => {
  it('shows the name, opening text, the estimate and Start Survey, which opens the first question', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ estimatedMinutes: 3 }) }) });
    const user = renderPage();
    await expectFocus(screen.findByRole('heading', { level: 1, name: 'After your visit' }));
    expect(screen.getByText('Welcome Ada from London!')).toBeVisible();
    expect(screen.getByText('This survey should take about 3 minutes to complete.')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Company logo' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start Survey' }));
    expect(screen.getByText('Question 1 of 7')).toBeVisible();
    await expectFocus(screen.getByRole('heading', { name: 'How likely are you to recommend us?' }));
  });

  it('says "1 minute" for a short survey', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ estimatedMinutes: 1 }) }) });
    renderPage();
    expect(await screen.findByText('This survey should take about 1 minute to complete.')).toBeVisible();
  });

  it('shows No Questions Found for a survey without questions', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ questions: [] }) }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    expect(screen.getByRole('heading', { name: 'No Questions Found' })).toBeVisible();
    expect(screen.getByText("This survey doesn't have any questions configured.")).toBeVisible();
  });
});

describe('answering', () => {
  it('shows progress and keeps Next disabled until a required question is answered, 0 counting for NPS', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ questions: everyQuestion(true) }) }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    const progress = screen.getByRole('progressbar', { name: 'Survey progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuemax', '7');
    expect(
      screen.getByRole('group', { name: 'How likely are you to recommend us? (required)' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Not likely')).toBeVisible();
    expect(screen.getByText('Very likely')).toBeVisible();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(
      Array.from({ length: 11 }, (_, index) => String(index)),
    );
    await user.click(screen.getByRole('radio', { name: '0' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps Next disabled for a required star rating until a star is chosen', async () => {
    fakeApi({
      [load]: () => ({
        body: respondentSurvey({ questions: everyQuestion(true), responses: { 'q-nps': 0 } }),
      }),
    });
    const user = renderPage();
    expect(await screen.findByText('Question 2 of 7')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('answers every question type, saving all answers so far at each step and completing at the end', async () => {
    const server = savingServer();
    const calls = fakeApi({
      [load]: () => ({ body: respondentSurvey() }),
      [save]: server(false),
      [complete]: server(true),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));

    await user.click(screen.getByRole('radio', { name: '9' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 2 of 7')).toBeVisible();
    await expectFocus(screen.getByRole('heading', { name: 'Rate your visit' }));

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 3 of 7')).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(screen.getByText('Hard')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '6' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Question 4 of 7')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Oil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other (please specify)' }));
    await user.type(screen.getByRole('textbox', { name: 'Please specify' }), 'Brakes');
    await user.click(screen.getByRole('checkbox', { name: 'Tyres' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Question 5 of 7')).toBeVisible();
    const store = screen.getByRole('combobox', { name: 'Which store did you visit?' });
    expect(store).toHaveAttribute('placeholder', 'Choose a store');
    await user.click(store);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['North', 'South']);
    await user.click(screen.getByRole('option', { name: 'North' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Question 6 of 7')).toBeVisible();
    const name = screen.getByRole('textbox', { name: 'Your name?' });
    expect(name).toHaveAttribute('placeholder', 'First name');
    await user.type(name, 'Ada Lovelace, Countess of Lovelace');
    expect(name).toHaveValue('Ada Lovelace, Counte');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Question 7 of 7')).toBeVisible();
    const comments = screen.getByRole('textbox', { name: 'Anything else?' });
    await user.type(comments, 'Great');
    expect(screen.getByText(/^5 \/ 300/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Survey' }));

    await expectFocus(screen.findByRole('heading', { name: 'Thank you for your feedback!' }));
    expect(screen.getByText('Thank you, Ada.')).toBeVisible();
    const review = screen.getByRole('link', { name: /Leave a Review/ });
    expect(review).toHaveAttribute('href', 'https://reviews.example.com/acme');
    expect(review).toHaveAttribute('target', '_blank');
    expect(review).toHaveAttribute('rel', 'noopener noreferrer');

    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.path)).toEqual([
      ...Array.from({ length: 6 }, () => `/surveys/${surveyId}`),
      `/surveys/${surveyId}?markAsComplete=true`,
    ]);
    expect(patches[0]?.body).toEqual({ surveyResponses: { 'q-nps': 9 }, language: 'en' });
    expect(patches[0]?.headers['X-XSRF-TOKEN']).toBe('xsrf-1');
    expect(patches[6]?.body).toEqual({
      surveyResponses: {
        'q-nps': 9,
        'q-stars': 5,
        'q-numeric': 6,
        'q-choice': ['Tyres', 'Oil', 'Other: Brakes'],
        'q-dropdown': '11111111-2222-4333-8444-555555555555',
        'q-short': 'Ada Lovelace, Counte',
        'q-long': 'Great',
      },
      language: 'en',
    });
  });

  it('shows Saving... while saving and goes back without saving', async () => {
    let release: () => void = () => undefined;
    const calls = fakeApi({
      [load]: () => ({ body: respondentSurvey() }),
      [save]: ({ body }) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                surveyId,
                surveyState: 'IN_PROGRESS',
                surveyResponses: (body as { surveyResponses: object }).surveyResponses,
              },
            });
        }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    release();
    expect(await screen.findByText('Question 2 of 7')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Question 1 of 7')).toBeVisible();
    expect(screen.getByRole('radio', { name: '10' })).toBeChecked();
    await expectFocus(screen.getByRole('heading', { name: 'How likely are you to recommend us?' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('stays on the question and says so when saving fails', async () => {
    let reply: 'network-error' | { status: number; body: unknown } = 'network-error';
    fakeApi({ [load]: () => ({ body: respondentSurvey() }), [save]: () => reply });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't save your answer. Check your connection and try again.",
    );
    expect(screen.getByText('Question 1 of 7')).toBeVisible();
    await expectFocus(screen.getByRole('button', { name: 'Next' }));

    reply = { status: 409, body: { error: 'CONFLICT', message: 'This survey has expired.' } };
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This survey has expired.'));
    expect(screen.getByText('Question 1 of 7')).toBeVisible();
  });

  it('clears an answer saved before when the respondent empties it', async () => {
    const calls = fakeApi({
      [load]: () => ({
        body: respondentSurvey({
          responses: { 'q-nps': 5, 'q-stars': 3, 'q-numeric': 2, 'q-choice': ['Oil'] },
        }),
      }),
      [save]: savingServer()(false),
    });
    const user = renderPage();
    expect(await screen.findByText('Question 5 of 7')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('checkbox', { name: 'Oil' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Question 5 of 7');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      surveyResponses: { 'q-nps': 5, 'q-stars': 3, 'q-numeric': 2, 'q-choice': null },
      language: 'en',
    });
  });
});

describe('resume and completion', () => {
  it('resumes at the first unanswered question', async () => {
    fakeApi({
      [load]: () => ({ body: respondentSurvey({ responses: { 'q-nps': 0, 'q-stars': 4 } }) }),
    });
    renderPage();
    expect(await screen.findByText('Question 3 of 7')).toBeVisible();
    await expectFocus(screen.getByRole('heading', { name: 'How easy was it?' }));
    expect(screen.queryByRole('button', { name: 'Start Survey' })).not.toBeInTheDocument();
  });

  it('resumes at the last question when every question has an answer', async () => {
    const responses = {
      'q-nps': 1,
      'q-stars': 2,
      'q-numeric': 3,
      'q-choice': ['Oil'],
      'q-dropdown': 'x',
      'q-short': 'a',
      'q-long': 'b',
    };
    fakeApi({ [load]: () => ({ body: respondentSurvey({ responses }) }) });
    renderPage();
    expect(await screen.findByText('Question 7 of 7')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('b');
  });

  it('shows the thank-you page for a completed survey, without a review link that is not http(s)', async () => {
    fakeApi({
      [load]: () => ({ body: respondentSurvey({ state: 'COMPLETE', reviewLink: 'javascript:alert(1)' }) }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(screen.getByText('Thank you, Ada.')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Company logo' })).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for authentication again when the sign-in ran out while answering', async () => {
    let isSignedIn = true;
    fakeApi({
      [load]: () => ({ body: respondentSurvey() }),
      [reload]: () => ({ body: isSignedIn ? respondentSurvey() : lockedSurvey() }),
      [save]: () => {
        isSignedIn = false;
        return { status: 401, body: { error: 'UNAUTHENTICATED', message: 'Please confirm your details.' } };
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '8' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  });
});
