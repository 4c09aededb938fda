import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { setupUser } from '@/test/user';
import { RespondentApp } from '../respondent-app';
import { surveyId } from './fake-api';

// What the respondent page tests share: the calls the page makes, rendering it, and a server
// that merges saves like the real one.
export const load = `GET /surveys/${surveyId}?markAsOpened=true`;
export const reload = `GET /surveys/${surveyId}`;
export const save = `PATCH /surveys/${surveyId}`;
export const complete = `PATCH /surveys/${surveyId}?markAsComplete=true`;
export const authenticate = `POST /surveys/${surveyId}/authenticate`;

export function renderPage() {
  const user = setupUser();
  render(<RespondentApp surveyId={surveyId} />);
  return user;
}

/** A PATCH handler that merges like the server and records the bodies. */
export function savingServer(initial: Record<string, unknown> = {}) {
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
export async function expectFocus(element: HTMLElement | Promise<HTMLElement>) {
  const target = await element;
  await waitFor(() => expect(target).toHaveFocus());
}

/**
 * The authentication form once it is ready to type in: the view moves focus to its heading in an
 * effect, and typing before that effect runs would send the rest of the keys to the heading.
 */
export async function authenticationForm() {
  await expectFocus(screen.findByRole('heading', { name: 'Authentication Required' }));
  return screen.getByRole('textbox', { name: 'Last Name (required)' });
}
