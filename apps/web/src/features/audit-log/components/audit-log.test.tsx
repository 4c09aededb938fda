import type { AuditEventsList } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

function buildEvents(): AuditEventsList {
  return {
    events: [
      {
        auditEventId: 'e2',
        occurredAt: '2026-03-04T15:06:00.000Z',
        actor: { kind: 'member', accountId: 'a1', apiKeyId: null, label: 'ada@example.com' },
        address: '203.0.113.7',
        action: 'member.role-changed',
        target: { type: 'member', id: 'a2', label: 'grace@example.com' },
        details: { before: { role: 'viewer' }, after: { role: 'editor' } },
      },
      {
        auditEventId: 'e1',
        occurredAt: '2026-03-04T15:00:00.000Z',
        actor: { kind: 'api-key', accountId: null, apiKeyId: 'k1', label: 'CRM sync' },
        address: '198.51.100.2',
        action: 'list.created',
        target: { type: 'list', id: 'l1', label: 'Stores' },
        details: {},
      },
    ],
    pagination: { page: 1, limit: 25, total: 2, totalPages: 1 },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Audit log', () => {
  it('shows an admin who did what, when, to what and from where, with before and after', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/audit-events': buildEvents } });
    renderApp('/settings/audit-log');
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'When',
      'Who',
      'What',
      'Target',
      'Address',
      'Details',
    ]);
    const row = within(screen.getByText('grace@example.com').closest('tr')!);
    expect(row.getByText(formatDateTime('2026-03-04T15:06:00.000Z'))).toBeInTheDocument();
    expect(row.getByText('ada@example.com')).toBeInTheDocument();
    expect(row.getByText('Member role changed')).toBeInTheDocument();
    expect(row.getByText('203.0.113.7')).toBeInTheDocument();
    await setupUser().click(row.getByText('Show details'));
    expect(row.getByText('Before')).toBeVisible();
    expect(row.getByText(/"role": "viewer"/)).toBeVisible();
    const keyRow = within(screen.getByText('Stores').closest('tr')!);
    expect(keyRow.getByText('API key')).toBeInTheDocument();
    expect(keyRow.getByText('None')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/audit-events/export.csv',
    );
    expect(screen.getByRole('link', { name: 'Audit Log' })).toBeInTheDocument();
  });

  it('filters by category, who, target and dates, and exports with the same filters', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/audit-events': buildEvents } });
    const get = vi.mocked(apiClient.get);
    renderApp('/settings/audit-log');
    await screen.findByText('grace@example.com');
    const user = setupUser();
    await user.selectOptions(screen.getByLabelText('What'), 'template');
    await user.type(screen.getByLabelText('Who'), 'ada');
    await user.type(screen.getByLabelText('Target'), 'Visit');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/audit-events', {
        params: {
          action: 'template',
          actor: 'ada',
          search: 'Visit',
          from: '2026-03-01',
          to: '2026-03-31',
          page: '1',
          limit: '25',
        },
      }),
    );
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/audit-events', {
        params: expect.objectContaining({ action: 'template', page: '1', limit: '50' }),
      }),
    );
    const href = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    expect(new URL(href, 'http://localhost').searchParams.get('action')).toBe('template');
  });

  it('says when the start date is after the end date and does not search', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/audit-events': buildEvents } });
    renderApp('/settings/audit-log');
    await screen.findByText('grace@example.com');
    const user = setupUser();
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(screen.getByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is hidden from editors, and tells one who opens it that it is for admins', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'editor' }), '/audit-events': buildEvents },
    });
    renderApp('/settings/audit-log');
    expect(await screen.findByText('Only workspace admins can see the audit log.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/audit-events')).toBe(false);
  });
});
