import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildDashboard, washId } from './dashboard-fixtures';
import { localToday, presetRange } from './date-range';

afterEach(() => {
  vi.restoreAllMocks();
});

const dashboardParams = () =>
  vi
    .mocked(apiClient.get)
    .mock.calls.filter(([url]) => url === '/dashboard')
    .map(([, config]) => (config as { params: Record<string, string> }).params);

describe('Dashboard insights', () => {
  it('shows the figures with margins, changes, significance, cases and movers for the range in the URL', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/dashboard': () => buildDashboard(),
      },
    });
    renderApp('/dashboard?range=custom&from=2026-03-10&to=2026-03-16');
    const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li')!;
    const nps = await card('NPS');
    expect(within(nps).getByText('42.0')).toBeInTheDocument();
    expect(within(nps).getByText(/± 8\.4/)).toBeInTheDocument();
    expect(within(nps).getByText('Change: +12.0')).toBeInTheDocument();
    expect(within(nps).getByText('Significant')).toBeInTheDocument();
    const composite = await card('Composite score');
    expect(within(composite).getByText('Not significant')).toBeInTheDocument();
    expect(within(composite).getByText('Indicative: fewer than 30 answers')).toBeInTheDocument();
    expect(screen.getByText(/Welch's t-test/)).toBeInTheDocument();
    expect(screen.getByText(/two-proportion z-test/)).toBeInTheDocument();
    // Decision 035: the days are the workspace's.
    expect(screen.getByText(/Days are in the workspace's time zone \(Europe\/Paris;/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cases' })).toHaveAttribute('href', '/alerts/cases');
    const movers = screen.getByRole('table', { name: 'Biggest movers' });
    expect(within(movers).getByText('Tyres')).toBeInTheDocument();
    expect(within(movers).getByText('+30.0')).toBeInTheDocument();
    expect(dashboardParams()[0]).toEqual({ from: '2026-03-10', to: '2026-03-16' });
    // The greeting and links stay.
    expect(screen.getByRole('heading', { name: /Welcome,/ })).toBeInTheDocument();
  });

  it('says that the days are still in the previous zone while a new one is recomputed', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/dashboard': () => buildDashboard({ timeZone: 'UTC', pendingTimeZone: 'Pacific/Auckland' }),
      },
    });
    renderApp('/dashboard?range=custom&from=2026-03-10&to=2026-03-16');
    expect(
      await screen.findByText(
        /Days are still in UTC while they are recomputed for the workspace's new time zone \(Pacific\/Auckland\)/,
      ),
    ).toBeInTheDocument();
  });

  it('asks again for a preset and for the chosen templates', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/dashboard': () => buildDashboard() },
    });
    renderApp('/dashboard');
    const user = setupUser();
    const range = await screen.findByLabelText('Date range');
    expect(range).toHaveValue('30d');
    await screen.findByRole('table', { name: 'Biggest movers' });
    await user.selectOptions(range, '7d');
    await vi.waitFor(() => expect(dashboardParams().at(-1)).toEqual(presetRange('7d', localToday())));
    await user.click(screen.getByText('Templates: All templates'));
    await user.click(screen.getByRole('checkbox', { name: 'Wash' }));
    await vi.waitFor(() =>
      expect(dashboardParams().at(-1)).toEqual({ ...presetRange('7d', localToday()), templateIds: washId }),
    );
    await user.selectOptions(range, 'custom');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
  });
});
