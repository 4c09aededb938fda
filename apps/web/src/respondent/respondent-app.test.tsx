import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, lockedSurvey, respondentSurvey } from './testing/fake-api';
import {
  authenticate,
  authenticationForm,
  expectFocus,
  load,
  reload,
  renderPage,
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
    await authenticationForm();
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
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
    await user.type(await authenticationForm(), '  Lovelace ');
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
    await user.type(await authenticationForm(), 'Wrong');
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
    await user.type(await authenticationForm(), 'Wrong');
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
    await user.type(await authenticationForm(), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser did not keep the sign-in for this survey. Allow cookies for this site and try again.',
    );
  });

  it('goes straight to the survey after authentication when answers were saved', async () => {
    fakeApi({
      [load]: () => ({ body: lockedSurvey() }),
      [authenticate]: () => ({ body: { success: true, message: 'ok' } }),
      [reload]: () => ({ body: respondentSurvey({ responses: { 'q-nps': 9 } }) }),
    });
    const user = renderPage();
    await user.type(await authenticationForm(), 'Lovelace');
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
