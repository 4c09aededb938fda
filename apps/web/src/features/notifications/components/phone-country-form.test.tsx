import type { NotificationSettings, SuppressionsResponse } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';

const settingsPath = '/workspace/notification-settings';
const suppressionsPath = '/workspace/suppressions';

function buildSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    slackWebhookUrl: null,
    quietHours: { start: '21:00', end: '08:00' },
    timeZone: 'UTC',
    phoneCountry: 'US',
    ...overrides,
  };
}

const suppressions = (): SuppressionsResponse => ({
  suppressions: [
    {
      contact: '+61412345678',
      contactType: 'phone',
      reason: 'unsubscribed',
      createdAt: '2025-03-04T15:06:00.000Z',
    },
    {
      contact: '5551234567',
      contactType: 'phone',
      reason: 'added-by-staff',
      createdAt: '2025-03-01T09:00:00.000Z',
    },
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Default country for phone numbers (decision 021)', () => {
  it('lets an admin choose the country by name and save it; phones then show its national format', async () => {
    let current = buildSettings();
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => current,
        [suppressionsPath]: suppressions,
      },
    });
    const bodies: unknown[] = [];
    vi.spyOn(apiClient, 'put').mockImplementation((async (_url: string, body: unknown) => {
      bodies.push(body);
      current = buildSettings(body as Partial<NotificationSettings>);
      return { data: current, status: 200 };
    }) as never);
    renderApp('/settings/notifications');
    const user = setupUser();
    const section = within(await screen.findByRole('region', { name: 'Phone numbers' }));
    const select = section.getByLabelText('Default country for phone numbers');
    expect(select).toHaveValue('US');
    expect(section.getByRole('option', { name: 'United States' })).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Suppression list' }));
    expect(await list.findByText('(555) 123-4567')).toBeInTheDocument();
    expect(list.getByText('+61 412 345 678')).toBeInTheDocument();

    await user.selectOptions(select, 'Australia');
    await user.click(section.getByRole('button', { name: 'Save Default Country' }));
    expect(await screen.findByText('Default country saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ phoneCountry: 'AU' }]);
    expect(await list.findByText('0412 345 678')).toBeInTheDocument();
    expect(list.getByText('+1 555 123 4567')).toBeInTheDocument();
  });

  it('is read-only for editors', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'editor' }),
        [settingsPath]: () => buildSettings({ phoneCountry: 'GB' }),
        [suppressionsPath]: suppressions,
      },
    });
    renderApp('/settings/notifications');
    const section = within(await screen.findByRole('region', { name: 'Phone numbers' }));
    const select = section.getByLabelText('Default country for phone numbers');
    expect(select).toHaveValue('GB');
    expect(select).toBeDisabled();
    expectBlockedWithReason(
      section.getByRole('button', { name: 'Save Default Country' }),
      'Only admins can change the default country. Ask an admin if you need this.',
    );
  });
});
