import type { RetentionSettings } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const settings: RetentionSettings = {
  responseMonths: null,
  unansweredSurveyDays: 90,
  outboxBodyDays: 30,
  lastRun: {
    ranAt: '2026-03-02T02:17:00.000Z',
    removed: { responses: 0, unansweredSurveys: 1200, outboxBodies: 35 },
  },
};

function mockRetention(options: { role?: 'admin' | 'viewer'; deletionDueAt?: string | null } = {}) {
  let deletionDueAt = options.deletionDueAt ?? null;
  return mockApi({
    get: {
      '/accounts/startup': () => buildStartup({ role: options.role ?? 'admin', deletionDueAt }),
      '/workspace/retention': () => settings,
    },
    put: { '/workspace/retention': (body) => ({ ...settings, ...(body as object) }) },
    post: {
      '/workspaces/deletion': (body) => {
        if ((body as { confirmation: string }).confirmation !== 'Analytical Engines') {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'The name you typed is not the workspace name.',
          });
        }
        deletionDueAt = '2026-03-09T10:00:00.000Z';
        return { workspaceName: 'Analytical Engines', isProviderWorkspace: false, deletionDueAt };
      },
    },
    delete: {
      '/workspaces/deletion': () => {
        deletionDueAt = null;
        return { workspaceName: 'Analytical Engines', isProviderWorkspace: false, deletionDueAt };
      },
    },
  });
}

describe('Settings → Data Retention', () => {
  it('shows the limits and the last run, and saves empty fields as kept', async () => {
    const calls = mockRetention();
    renderApp('/settings/data-retention');
    const user = setupUser();
    const responses = await screen.findByLabelText('Keep responses for (months)');
    expect(responses).toHaveValue('');
    expect(screen.getByLabelText('Keep unanswered surveys for (days)')).toHaveValue('90');
    expect(screen.getByText(/removed 0 responses and 1,200 unanswered surveys/)).toBeInTheDocument();
    expect(screen.getByText(/Exports and backups you took before are yours to delete/)).toBeInTheDocument();

    await user.type(responses, '0');
    await user.click(screen.getByRole('button', { name: 'Save Retention' }));
    expect(await screen.findByText('Enter at least 1 month')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'put')).toHaveLength(0);

    await user.clear(responses);
    await user.type(responses, '24');
    await user.clear(screen.getByLabelText('Keep unanswered surveys for (days)'));
    await user.click(screen.getByRole('button', { name: 'Save Retention' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'put')?.body).toEqual({
        responseMonths: 24,
        unansweredSurveyDays: null,
        outboxBodyDays: 30,
      }),
    );
  });

  it('deletes the workspace only once its name is typed, then shows when it goes', async () => {
    const calls = mockRetention();
    renderApp('/settings/data-retention');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Workspace' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Workspace' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 'Analytical');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), ' Engines');
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'post')?.body).toEqual({
        confirmation: 'Analytical Engines',
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Analytical Engines is scheduled for deletion' }),
    ).toBeInTheDocument();
  });

  it('tells a viewer only admins manage it', async () => {
    mockRetention({ role: 'viewer' });
    renderApp('/settings/data-retention');
    expect(
      await screen.findByText('Only admins can change data retention. Ask an admin if you need this.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Workspace' })).not.toBeInTheDocument();
  });
});

describe('a workspace waiting to be deleted', () => {
  it('shows members the date and no way back', async () => {
    mockRetention({ role: 'viewer', deletionDueAt: '2026-03-09T10:00:00.000Z' });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Analytical Engines is scheduled for deletion' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/An admin of the workspace can restore it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore Workspace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Surveys' })).not.toBeInTheDocument();
  });

  it('lets an admin restore it', async () => {
    const calls = mockRetention({ deletionDueAt: '2026-03-09T10:00:00.000Z' });
    renderApp('/dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Restore Workspace' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'delete')).toBe(true));
    expect(await screen.findByRole('link', { name: 'Surveys' })).toBeInTheDocument();
  });
});
