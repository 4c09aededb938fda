import type { ReportSubscription } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { accountId, buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const colleagueId = '5a0d1e6d-1e0b-4fa6-8faa-1e6f7a8b9c01';

function subscription(overrides: Partial<ReportSubscription> = {}): ReportSubscription {
  return {
    reportSubscriptionId: '6b1e2f7e-2f1c-4ab7-9abb-2f7a8b9c0d12',
    accountId,
    subscriber: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' },
    scope: 'template',
    surveyTemplateId: '7c2f3a8f-3a2d-4bc8-8bcc-3a8b9c0d1e23',
    surveyTemplateName: 'After your visit',
    frequency: 'weekly',
    createdByAccountId: accountId,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const users = () => ({
  users: [
    {
      accountId: colleagueId,
      role: 'viewer',
      isActive: true,
      joinedAt: '2026-01-01T00:00:00.000Z',
      account: { firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@example.com', isActive: true },
    },
  ],
  invitations: [],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('e-mail digests', () => {
  it('lets a viewer subscribe to the dashboard’s weekly digest from the Dashboard', async () => {
    let mine: ReportSubscription[] = [];
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/report-subscriptions': () => ({ reportSubscriptions: mine }),
      },
      post: {
        '/report-subscriptions': (body) => {
          const created = subscription({
            scope: 'dashboard',
            surveyTemplateId: null,
            surveyTemplateName: null,
            frequency: (body as { frequency: 'weekly' }).frequency,
          });
          mine = [created];
          return created;
        },
      },
    });
    renderApp('/dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to digest' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'E-mail digest' }));
    await user.click(await dialog.findByRole('button', { name: 'Subscribe to the weekly digest' }));
    expect(await screen.findByText('You will receive the weekly digest by e-mail.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post').map((call) => call.body)).toEqual([
      { surveyTemplateId: null, frequency: 'weekly' },
    ]);
    expect(
      await dialog.findByRole('button', { name: 'Unsubscribe from the weekly digest' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Digest: Weekly' })).toBeInTheDocument();
  });

  it('lists a viewer’s own digests in Settings with a way to end each, and nobody else’s', async () => {
    let mine = [subscription()];
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/report-subscriptions': () => ({ reportSubscriptions: mine }),
      },
      delete: {
        [`/report-subscriptions/${subscription().reportSubscriptionId}`]: () => {
          mine = [];
          return undefined;
        },
      },
    });
    renderApp('/settings/digests');
    const user = setupUser();
    const yours = within(await screen.findByRole('region', { name: 'Your digests' }));
    expect(await yours.findByRole('cell', { name: 'After your visit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Everyone’s digests' })).not.toBeInTheDocument();
    await user.click(
      yours.getByRole('button', { name: 'Unsubscribe from the weekly digest of After your visit' }),
    );
    expect(await yours.findByText('No digests yet')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'delete')).toBe(true);
  });

  it('lets an admin see everyone’s digests and add one for a member', async () => {
    const everyone = [
      subscription({
        accountId: colleagueId,
        subscriber: { firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@example.com' },
      }),
    ];
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'admin' }),
        '/report-subscriptions': () => ({ reportSubscriptions: [] }),
        '/report-subscriptions?who=workspace': () => ({ reportSubscriptions: everyone }),
        '/workspaces/users': users,
        '/survey-templates/': () => ({ surveyTemplates: [] }),
      },
      post: { '/report-subscriptions': () => subscription({ accountId: colleagueId, scope: 'dashboard' }) },
    });
    renderApp('/settings/digests');
    const user = setupUser();
    const all = within(await screen.findByRole('region', { name: 'Everyone’s digests' }));
    expect(await all.findByText('grace@example.com')).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'Add a member’s digest' }));
    await user.click(form.getByRole('button', { name: 'Add Digest' }));
    expect(await screen.findByText('Digest added.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post').map((call) => call.body)).toEqual([
      { accountId: colleagueId, surveyTemplateId: null, frequency: 'weekly' },
    ]);
  });
});
