import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, respondentSurvey } from './testing/fake-api';
import { branching } from './testing/logic-fixtures';
import { complete, load, renderPage, save, savingServer } from './testing/respondent-page';

// The respondent page follows the survey's logic (decision 023): the path, Previous along it, and
// a progress bar that never runs backwards.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function barWidth(): number {
  const bar = screen.getByRole('progressbar', { name: 'Survey progress' }).firstElementChild as HTMLElement;
  return Number.parseFloat(bar.style.width);
}

describe('the respondent path', () => {
  it('shows the questions of the path, counts them, and goes back along it', async () => {
    const server = savingServer();
    const calls = fakeApi({
      [load]: () => ({ body: respondentSurvey({ questions: branching() }) }),
      [save]: server(false),
      [complete]: server(true),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    expect(screen.getByText('Question 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '9' }));
    expect(screen.getByText('Question 1 of 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'What did you like?' })).toBeVisible();
    expect(screen.getByText('Question 2 of 3')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'What did you like?' }), 'The staff');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 3 of 3')).toBeVisible();

    // Previous goes back along the path taken: Q3, then Q1.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'What did you like?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Question 1 of 3')).toBeVisible();

    // A new answer takes the other path; the answer the old path held is cleared on the server.
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'What went wrong?' })).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ surveyResponses: { q1: 3, q3: null }, language: 'en' });
    await user.type(screen.getByRole('textbox', { name: 'What went wrong?' }), 'Slow');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Complete Survey' }));
    expect(await screen.findByText('Thank you, Ada.')).toBeVisible();
    expect(calls.at(-1)).toMatchObject({
      path: '/surveys/6f1c2b9e-8d3a-4c1e-9b7a-2e5d4c3b2a10?markAsComplete=true',
      body: { surveyResponses: { q1: 3, q2: 'Slow' }, language: 'en' },
    });
  });

  it('ends the survey where a jump says so', async () => {
    const server = savingServer();
    const calls = fakeApi({
      [load]: () => ({ body: respondentSurvey({ questions: branching(), responses: { q1: 10 } }) }),
      [save]: server(false),
      [complete]: server(true),
    });
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'What did you like?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'What did you like?' }), 'Nothing');
    expect(await screen.findByText('Question 2 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Complete Survey' }));
    expect(await screen.findByText('Thank you, Ada.')).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ surveyResponses: { q1: 10, q3: 'Nothing' }, language: 'en' });
  });

  it('never runs the progress bar backwards', async () => {
    fakeApi({
      [load]: () => ({ body: respondentSurvey({ questions: branching(), responses: { q1: 10 } }) }),
    });
    const user = renderPage();
    const input = await screen.findByRole('textbox', { name: 'What did you like?' });
    // Resumed on Q3; the path ends after it for "nothing": 2 of 2 fills the bar.
    await user.type(input, 'Nothing');
    expect(barWidth()).toBe(100);
    // Another answer lengthens the path to 3: the text says 2 of 3, the bar stays.
    await user.clear(input);
    await user.type(input, 'Staff');
    expect(await screen.findByText('Question 2 of 3')).toBeVisible();
    expect(barWidth()).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Question 1 of 3')).toBeVisible();
    expect(barWidth()).toBe(100);
  });
});
