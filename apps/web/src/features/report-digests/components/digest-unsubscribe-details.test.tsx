import { invalidDigestUnsubscribeLinkMessage } from '@graphium/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const token = 'v1.digest-abc';
const apiPath = `/report-subscriptions/unsubscribe/${token}`;
const pagePath = `/digest-unsubscribe/${token}`;
const info = { isUnsubscribed: false, digestName: 'Weekly digest: After your visit', workspaceName: 'Acme' };

describe('Digest unsubscribe page (decision 031)', () => {
  it('names the digest, ends it without signing in and says so', async () => {
    const calls = mockApi({
      get: { [apiPath]: () => info },
      post: { [apiPath]: () => ({ ...info, isUnsubscribed: true }) },
    });
    renderApp(pagePath);
    const user = setupUser();
    expect(await screen.findByRole('heading', { name: 'Unsubscribe from this digest' })).toBeInTheDocument();
    expect(screen.getByText('Weekly digest: After your visit')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'You will no longer receive the Weekly digest: After your visit from Acme.',
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`get ${apiPath}`, `post ${apiPath}`]);
  });

  it('says clearly when the link is invalid', async () => {
    mockApi({
      get: {
        [apiPath]: () => {
          throw apiError(404, { error: 'NOT_FOUND', message: 'Unknown link' });
        },
      },
    });
    renderApp(pagePath);
    expect(await screen.findByRole('heading', { name: 'Invalid unsubscribe link' })).toBeInTheDocument();
    expect(screen.getByText(invalidDigestUnsubscribeLinkMessage)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
