import type { ErasureResult, PrivacyRespondent } from '@graphium/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const held: PrivacyRespondent = {
  addresses: ['ada@example.com'],
  counts: { surveys: 2, completedSurveys: 1, contacts: 1, messages: 3, suppressions: 1, cases: 0 },
  surveys: [
    {
      surveyId: 's1',
      surveyTemplateName: 'After your visit',
      surveyState: 'COMPLETE',
      sentAt: '2026-03-04T15:00:00.000Z',
      completedAt: '2026-03-05T10:00:00.000Z',
    },
  ],
};

const erased: ErasureResult = {
  eraseAnswers: true,
  surveysErased: 0,
  surveysRemoved: 2,
  contactsErased: 1,
  messagesErased: 3,
  suppressionsKept: 1,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Privacy requests', () => {
  it('shows an admin what is held, the exports, and erases after the typed confirmation', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/privacy/respondent': () => held },
      post: { '/privacy/erasures': () => erased },
    });
    renderApp('/settings/privacy');
    const user = setupUser();
    await user.type(await screen.findByLabelText('E-mail address or phone number'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('What is held about ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Messages').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('After your visit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/privacy/respondent/export?contact=ada%40example.com&format=json',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/privacy/respondent/export?contact=ada%40example.com&format=csv',
    );
    await user.click(screen.getByRole('button', { name: 'Erase respondent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase respondent' });
    expect(dialog).toHaveTextContent(/Exports and backups taken before it still hold the respondent/);
    const submit = screen.getAllByRole('button', { name: 'Erase respondent' }).at(-1)!;
    expect(submit).toBeDisabled();
    await user.click(screen.getByLabelText('Erase answers as well'));
    await user.type(screen.getByLabelText('Type ERASE to confirm'), 'erase');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Type ERASE to confirm'));
    await user.type(screen.getByLabelText('Type ERASE to confirm'), 'ERASE');
    await user.click(submit);
    await waitFor(() => expect(calls.some((call) => call.method === 'post')).toBe(true));
    expect(calls.find((call) => call.method === 'post')).toEqual({
      method: 'post',
      url: '/privacy/erasures',
      body: { contact: 'ada@example.com', eraseAnswers: true },
    });
    expect(
      await screen.findByText('Respondent erased: 2 surveys, 1 contact, 3 messages.'),
    ).toBeInTheDocument();
  });

  it('asks for an address before searching, and says when nothing is held', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/privacy/respondent': () => ({
          addresses: ['nobody@example.com'],
          counts: { surveys: 0, completedSurveys: 0, contacts: 0, messages: 0, suppressions: 0, cases: 0 },
          surveys: [],
        }),
      },
    });
    renderApp('/settings/privacy');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter an e-mail address or a phone number')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/privacy/respondent')).toBe(false);
    await user.type(screen.getByLabelText('E-mail address or phone number'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing is held about this respondent.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase respondent' })).not.toBeInTheDocument();
  });

  it('is for admins only', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp('/settings/privacy');
    expect(await screen.findByText('Only workspace admins can answer privacy requests.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy Requests' })).not.toBeInTheDocument();
  });
});
