import type { UnsubscribeInfo } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const token = 'v1.abc-DEF_123';
const path = `/unsubscribe/${token}`;

function buildInfo(overrides: Partial<UnsubscribeInfo> = {}): UnsubscribeInfo {
  return {
    workspaceName: 'Analytical Engines',
    maskedContact: 'g****@example.com',
    isUnsubscribed: false,
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Unsubscribe page (decision 008)', () => {
  it('shows the workspace and masked contact, unsubscribes and confirms without signing in', async () => {
    const calls = mockApi({
      get: { [path]: () => buildInfo() },
      post: { [path]: () => buildInfo({ isUnsubscribed: true }) },
    });
    renderApp(path);
    const user = setupUser();
    expect(
      await screen.findByRole('heading', { name: 'Unsubscribe from Analytical Engines' }),
    ).toBeInTheDocument();
    expect(screen.getByText('g****@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'g****@example.com will no longer receive messages from Analytical Engines.',
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`get ${path}`, `post ${path}`]);
  });

  it('confirms at once when the contact has already unsubscribed', async () => {
    mockApi({ get: { [path]: () => buildInfo({ isUnsubscribed: true }) } });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says clearly when the link is invalid', async () => {
    mockApi({
      get: {
        [path]: () => {
          throw apiError(404, { error: 'NOT_FOUND', message: 'Unknown link' });
        },
      },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Invalid unsubscribe link' })).toBeInTheDocument();
    expect(screen.getByText('This unsubscribe link is invalid or has expired.')).toBeInTheDocument();
  });

  it('keeps the button and shows the reason when unsubscribing fails', async () => {
    mockApi({
      get: { [path]: () => buildInfo() },
      post: {
        [path]: () => {
          throw apiError(503, { error: 'UNAVAILABLE', message: 'Please try again in a minute.' });
        },
      },
    });
    renderApp(path);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('alert')).toHaveTextContent('Please try again in a minute.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
