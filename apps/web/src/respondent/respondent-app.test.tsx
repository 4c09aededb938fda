import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookiesBlockedMessage, RespondentApp } from './respondent-app';
import { everyQuestion, fakeApi, lockedSurvey, respondentSurvey, surveyId } from './testing/fake-api';

const load = `GET /surveys/${surveyId}?markAsOpened=true`;
const reload = `GET /surveys/${surveyId}`;
const save = `PATCH /surveys/${surveyId}`;
const complete = `PATCH /surveys/${surveyId}?markAsComplete=true`;
const authenticate = `POST /surveys/${surveyId}/authenticate`;

// Two cores shared with other suites: give each awaited step more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const user = userEvent.setup();
  render(<RespondentApp surveyId={surveyId} />);
  return user;
}

/** A PATCH handler that merges like the server and records the bodies. */
function savingServer(initial: Record<string, unknown> = {}) {
  let stored = { ...initial };
  return (markAsComplete: boolean) =>
    ({ body }: { body: unknown }) => {
      const answers = (body as { surveyResponses: Record<string, unknown> }).surveyResponses;
      stored = { ...stored, ...answers };
      for (const [key, value] of Object.entries(answers)) if (value === null) delete stored[key];
      return {
        body: { surveyId, surveyState: markAsComplete ? 'COMPLETE' : 'IN_PROGRESS', surveyResponses: stored },
      };
    };
}

/** Focus moves to the new view's heading in an effect, just after it renders. */
async function expectFocus(element: HTMLElement | Promise<HTMLElement>) {
  const target = await element;
  await waitFor(() => expect(target).toHaveFocus());
}

describe('loading and not found', () => {
  it('shows "Loading survey..." and then Survey Not Found for an unknown or expired survey, without a logo', async () => {
    fakeApi({
      [load]: () => ({
        status: 404,
        body: { error: 'NOT_FOUND', message: "The survey you're looking for doesn't exist or has expired." },
      }),
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading survey...');
    await expectFocus(screen.findByRole('heading', { name: 'Survey Not Found' }));
    expect(screen.getByText("The survey you're looking for doesn't exist or has expired.")).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('says when the server could not be reached, and tries again on request', async () => {
    let isOnline = false;
    fakeApi({ [load]: () => (isOnline ? { body: respondentSurvey() } : 'network-error') });
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'Survey Not Found' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We couldn't reach the server. Check your connection and try again.",
    );
    isOnline = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'After your visit' })).toBeVisible();
  });
});

describe('authentication', () => {
  it('shows one typed field per authentication property with placeholders and required marks', async () => {
    fakeApi({ [load]: () => ({ body: lockedSurvey() }) });
    renderPage();
    await expectFocus(screen.findByRole('heading', { name: 'Authentication Required' }));
    expect(screen.getByText('Please provide the following information to access this survey:')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', '/api/logos/abc123');
    const lastName = screen.getByRole('textbox', { name: 'Last Name (required)' });
    expect(lastName).toHaveAttribute('placeholder', 'Enter last name');
    expect(lastName).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('placeholder', 'Enter age');
    expect(screen.getByLabelText('Birthday')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Visit time')).toHaveAttribute('type', 'datetime-local');
    const member = screen.getByRole('combobox', { name: 'Member' });
    expect(
      within(member)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select...', 'Yes', 'No']);
    expect(screen.getByRole('button', { name: 'Authenticate' })).toBeEnabled();
  });

  it('requires the required fields, clearing a message when its field is edited', async () => {
    const calls = fakeApi({ [load]: () => ({ body: lockedSurvey() }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Authenticate' }));
    expect(screen.getByText('Last Name is required')).toBeVisible();
    const lastName = screen.getByRole('textbox', { name: 'Last Name (required)' });
    await expectFocus(lastName);
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription('Last Name is required');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(lastName, 'L');
    expect(screen.queryByText('Last Name is required')).not.toBeInTheDocument();
  });

  it('sends converted values, shows Authenticating..., then opens the welcome page', async () => {
    let release: () => void = () => undefined;
    const calls = fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, message: 'Authentication successful.' } });
        }),
      [reload]: () => ({ body: respondentSurvey() }),
    });
    const user = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name (required)' }), '  Lovelace ');
    await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '36');
    await user.type(screen.getByLabelText('Birthday'), '1815-12-10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Member' }), 'Yes');
    await user.type(screen.getByLabelText('Visit time'), '2024-05-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      authenticationValues: {
        'p-last': 'Lovelace',
        'p-age': 36,
        'p-birthday': '1815-12-10',
        'p-member': true,
        'p-visit': new Date('2024-05-01T10:30').toISOString(),
      },
    });
    expect(post?.headers['X-XSRF-TOKEN']).toBe('xsrf-1');
    release();
    expect(await screen.findByRole('heading', { name: 'After your visit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Survey' })).toBeVisible();
  });

  it("shows the server's message when the details do not match, and the lockout message", async () => {
    let attempts = 0;
    fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 401,
              body: {
                success: false,
                error: 'UNAUTHENTICATED',
                message: 'The information you entered does not match our records.',
              },
            }
          : {
              status: 429,
              body: {
                error: 'RATE_LIMITED',
                message: 'Too many failed attempts. Please try again in 15 minutes.',
              },
            };
      },
    });
    const user = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name (required)' }), 'Wrong');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information you entered does not match our records.',
    );
    await expectFocus(screen.getByRole('button', { name: 'Authenticate' }));
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many failed attempts. Please try again in 15 minutes.',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  });

  it('falls back to the generic failure text when the reply has no message', async () => {
    fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => ({ body: { success: false, message: '' } }),
    });
    const user = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name (required)' }), 'Wrong');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication failed. Please check your information and try again.',
    );
  });

  it('says so when the browser did not keep the sign-in cookie', async () => {
    fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => ({ body: { success: true, message: 'ok' } }),
      [reload]: () => ({ body: lockedSurvey() }),
    });
    const user = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name (required)' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cookiesBlockedMessage);
  });

  it('goes straight to the survey after authentication when answers were saved', async () => {
    fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => ({ body: { success: true, message: 'ok' } }),
      [reload]: () => ({ body: respondentSurvey({ responses: { 'q-nps': 9 } }) }),
    });
    const user = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name (required)' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('Question 2 of 7')).toBeVisible();
  });

  it('shows the thank-you page for a completed survey, even before authentication', async () => {
    fakeApi({ [load]: () => ({ body: lockedSurvey('COMPLETE') }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows a completed survey's closing text and review link when the server sends them before authentication", async () => {
    fakeApi({
      [load]: () => ({
        body: lockedSurvey('COMPLETE', {
          closingText: 'Thanks for visiting Tyre Town.',
          reviewLink: 'https://reviews.example.com/acme',
        }),
      }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(screen.getByText('Thanks for visiting Tyre Town.')).toBeVisible();
    expect(screen.getByRole('link', { name: /Leave a Review/ })).toHaveAttribute(
      'href',
      'https://reviews.example.com/acme',
    );
    expect(screen.queryByRole('heading', { name: 'Authentication Required' })).not.toBeInTheDocument();
  });
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
    expect(
      within(store)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a store', 'North', 'South']);
    await user.selectOptions(store, 'North');
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
    expect(patches[0]?.body).toEqual({ surveyResponses: { 'q-nps': 9 } });
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
