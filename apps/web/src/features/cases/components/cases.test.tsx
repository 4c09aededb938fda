import type { CaseDetail } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildCase, buildCaseDetail, caseId, eddie, editorId, otherCaseId } from './cases-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

const common = (role: 'admin' | 'editor' | 'viewer' = 'editor') => ({
  '/accounts/startup': () => buildStartup({ role }),
  '/cases/assignees': () => ({ assignees: [eddie] }),
  '/survey-templates/': () => [],
});

describe('Cases inbox (decision 019)', () => {
  it('lists cases with status, assignee and overdue due time, and filters "My cases"', async () => {
    const calls = mockApi({
      get: {
        ...common(),
        '/cases': () => ({
          cases: [
            buildCase(),
            buildCase({ caseId: otherCaseId, status: 'resolved', isOverdue: false, assignee: eddie }),
          ],
          total: 2,
          page: 1,
          limit: 25,
        }),
      },
    });
    renderApp('/alerts/cases');
    const user = setupUser();
    const table = await screen.findByRole('table', { name: 'Cases' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Unhappy customer' })).toHaveAttribute(
      'href',
      `/alerts/cases/${caseId}`,
    );
    expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Nobody')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Resolved')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Eddie Member')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'My cases' }));
    expect(screen.getByRole('button', { name: 'My cases' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await user.click(screen.getByLabelText('Overdue only'));
    // Each filter asks again (the filters go as query parameters).
    expect(calls.filter((call) => call.url === '/cases').length).toBeGreaterThanOrEqual(4);
  });

  it('assigns and resolves the selected cases in bulk', async () => {
    const calls = mockApi({
      get: {
        ...common(),
        '/cases': () => ({
          cases: [buildCase(), buildCase({ caseId: otherCaseId })],
          total: 2,
          page: 1,
          limit: 25,
        }),
      },
      post: { '/cases/bulk': () => ({ cases: [] }) },
    });
    renderApp('/alerts/cases');
    const user = setupUser();
    await screen.findByRole('table', { name: 'Cases' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all cases on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Assign to'), editorId);
    await user.click(screen.getByRole('button', { name: 'Assign selected' }));
    expect(await screen.findByText('Cases assigned.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/cases/bulk')?.body).toEqual({
      action: 'assign',
      caseIds: [caseId, otherCaseId],
      assigneeId: editorId,
    });
  });

  it('lets a viewer read but says why the controls do nothing', async () => {
    const calls = mockApi({
      get: { ...common('viewer'), '/cases': () => ({ cases: [buildCase()], total: 1, page: 1, limit: 25 }) },
    });
    renderApp('/alerts/cases');
    const user = setupUser();
    await screen.findByRole('table', { name: 'Cases' });
    expect(screen.getByRole('note')).toHaveTextContent("Viewers can't change cases.");
    const resolve = screen.getByRole('button', { name: 'Resolve selected' });
    expect(resolve).toHaveAttribute('aria-disabled', 'true');
    expect(resolve).toHaveAttribute('title', "Viewers can't change cases.");
    expect(resolve).toHaveAccessibleDescription(/Viewers can't change cases\./);
    await user.click(screen.getByRole('checkbox', { name: 'Select all cases on this page' }));
    await user.click(resolve);
    expect(calls.some((call) => call.method === 'post')).toBe(false);
  });
});

describe('Case page (decision 019)', () => {
  function mockCase(detail: CaseDetail, role: 'editor' | 'viewer' = 'editor') {
    let current = detail;
    return mockApi({
      get: { ...common(role), [`/cases/${caseId}`]: () => current },
      patch: {
        [`/cases/${caseId}`]: (body) => {
          current = {
            ...current,
            ...(body as object),
            status: (body as { status?: 'resolved' }).status ?? current.status,
          };
          if ((body as { assigneeId?: string }).assigneeId) current = { ...current, assignee: eddie };
          return current;
        },
      },
      post: {
        [`/cases/${caseId}/notes`]: () => {
          current = {
            ...current,
            events: [
              ...current.events,
              {
                caseEventId: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31',
                type: 'note',
                actor: eddie,
                createdAt: '2025-03-04T16:00:00.000Z',
                details: { note: 'Called her' },
              },
            ],
          };
          return current;
        },
        [`/cases/${caseId}/reply`]: () => {
          throw apiError(400, {
            error: 'VALIDATION',
            message:
              'This respondent unsubscribed from your messages (or is on the suppression list): nothing was sent.',
          });
        },
      },
    });
  }

  it('shows the case, assigns it, moves its status and adds a note', async () => {
    const calls = mockCase(buildCaseDetail());
    renderApp(`/alerts/cases/${caseId}`);
    const user = setupUser();
    expect(
      await screen.findByRole('heading', { name: 'Unhappy customer: Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Case opened by the alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the response' })).toHaveAttribute(
      'href',
      '/survey-templates/8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e/responses/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    );

    await screen.findByRole('option', { name: 'Eddie Member' });
    await user.selectOptions(screen.getByLabelText('Assignee'), editorId);
    expect(await screen.findByText('Case assigned.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ assigneeId: editorId });

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Case is now Resolved.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Internal note'), 'Called her');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(screen.getByText('Called her')).toBeInTheDocument();
  });

  it('shows the server message when a reply is refused (suppressed contact)', async () => {
    mockCase(buildCaseDetail());
    renderApp(`/alerts/cases/${caseId}`);
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Unhappy customer: Grace Hopper' });
    expect(screen.getByText(/Tokens such as \[First name\]/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Sorry');
    await user.type(screen.getByLabelText('Message'), 'Hello [[First name]');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(
        'This respondent unsubscribed from your messages (or is on the suppression list): nothing was sent.',
      ),
    ).toBeInTheDocument();
  });

  it('shows history entries of replies and failures, read-only for a viewer', async () => {
    mockCase(
      buildCaseDetail({
        events: [
          {
            caseEventId: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32',
            type: 'reply_sent',
            actor: eddie,
            createdAt: '2025-03-04T16:00:00.000Z',
            details: {
              channel: 'email',
              recipient: 'grace@example.com',
              subject: 'Sorry',
              body: 'Hello Grace',
            },
          },
          {
            caseEventId: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33',
            type: 'reply_failed',
            actor: null,
            createdAt: '2025-03-04T16:01:00.000Z',
            details: { recipient: 'grace@example.com', error: 'Mailbox unavailable' },
          },
        ],
      }),
      'viewer',
    );
    renderApp(`/alerts/cases/${caseId}`);
    expect(await screen.findByText('E-mail reply to grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('Reply not delivered to grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('Mailbox unavailable')).toBeInTheDocument();
    expect(screen.getByLabelText('Assignee')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send reply' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says when the case is not found', async () => {
    mockApi({ get: common() });
    renderApp(`/alerts/cases/${caseId}`);
    expect(await screen.findByText('Case not found.')).toBeInTheDocument();
  });
});
