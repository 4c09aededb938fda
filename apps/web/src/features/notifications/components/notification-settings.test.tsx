import type { NotificationSettings, SuppressionsResponse } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { apiError, mockApi } from '@/test/api-mock';
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

function buildSuppressions(): SuppressionsResponse {
  return {
    suppressions: [
      {
        contact: 'grace@example.com',
        contactType: 'email',
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
  };
}

type PutHandler = (body: unknown) => unknown;

/** `mockApi` covers get/post/patch/delete; the settings are saved with PUT. */
function mockPut(handler: PutHandler) {
  const bodies: unknown[] = [];
  vi.spyOn(apiClient, 'put').mockImplementation((async (_url: string, body: unknown) => {
    bodies.push(body);
    return { data: await handler(body), status: 200 };
  }) as never);
  return bodies;
}

function sectionOf(name: string) {
  return within(screen.getByRole('region', { name }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Notifications settings (decision 008)', () => {
  it('is reachable from the settings sidebar', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: buildSuppressions,
      },
    });
    renderApp('/settings/users');
    const link = await screen.findByRole('link', { name: 'Notifications' });
    await setupUser().click(link);
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 2 })).toBeInTheDocument();
  });

  it("shows an erased respondent's entry as erased, never its key (decision 043)", async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: () => ({
          suppressions: [
            {
              contact: `erased:${'ab'.repeat(32)}`,
              contactType: 'email',
              reason: 'unsubscribed',
              createdAt: '2025-03-04T15:06:00.000Z',
            },
          ],
        }),
      },
    });
    renderApp('/settings/notifications');
    expect(await screen.findByText('Erased respondent')).toBeInTheDocument();
    expect(screen.queryByText(/^erased:/)).not.toBeInTheDocument();
  });

  it('validates the Slack webhook before saving and saves an https URL', async () => {
    let current = buildSettings();
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => current,
        [suppressionsPath]: buildSuppressions,
      },
    });
    const bodies = mockPut((body) => {
      current = { ...current, ...(body as Partial<NotificationSettings>) };
      return current;
    });
    renderApp('/settings/notifications');
    const user = setupUser();
    const slack = await screen.findByRole('region', { name: 'Slack' }).then(() => sectionOf('Slack'));
    expect(slack.getByText('Not connected')).toBeInTheDocument();
    const input = slack.getByLabelText('Slack webhook URL');

    await user.type(input, 'http://hooks.slack.com/services/T0/B0/x');
    await user.click(slack.getByRole('button', { name: 'Save Webhook' }));
    expect(await slack.findByText('The Slack webhook URL must start with https://')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'not a url');
    await user.click(slack.getByRole('button', { name: 'Save Webhook' }));
    expect(
      await slack.findByText('Enter a valid URL, e.g. https://hooks.slack.com/services/...'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(input);
    await user.type(input, 'https://hooks.slack.com/services/T0/B0/x');
    await user.click(slack.getByRole('button', { name: 'Save Webhook' }));
    expect(await screen.findByText('Slack webhook saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x' }]);
    expect(await slack.findByText('Connected')).toBeInTheDocument();
  });

  it('shows the server refusal under the field', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: buildSuppressions,
      },
    });
    mockPut(() => {
      throw apiError(400, {
        error: 'VALIDATION',
        message: 'Invalid input',
        details: { slackWebhookUrl: 'This address points to a private network.' },
      });
    });
    renderApp('/settings/notifications');
    const user = setupUser();
    await screen.findByRole('region', { name: 'Slack' });
    const slack = sectionOf('Slack');
    await user.type(slack.getByLabelText('Slack webhook URL'), 'https://10.0.0.1/hook');
    await user.click(slack.getByRole('button', { name: 'Save Webhook' }));
    expect(await slack.findByText('This address points to a private network.')).toBeInTheDocument();
  });

  it('removes a saved webhook', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings({ slackWebhookUrl: 'https://hooks.slack.com/services/a' }),
        [suppressionsPath]: buildSuppressions,
      },
    });
    const bodies = mockPut(() => buildSettings());
    renderApp('/settings/notifications');
    const user = setupUser();
    await screen.findByRole('region', { name: 'Slack' });
    const slack = sectionOf('Slack');
    expect(slack.getByLabelText('Slack webhook URL')).toHaveValue('https://hooks.slack.com/services/a');
    expect(slack.getByText('Connected')).toBeInTheDocument();
    await user.click(slack.getByRole('button', { name: 'Remove Webhook' }));
    expect(await screen.findByText('Slack webhook removed successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ slackWebhookUrl: null }]);
  });

  it('validates and saves quiet hours and the time zone', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: buildSuppressions,
      },
    });
    const bodies = mockPut((body) => buildSettings(body as Partial<NotificationSettings>));
    renderApp('/settings/notifications');
    const user = setupUser();
    await screen.findByRole('region', { name: 'Quiet hours' });
    const quiet = sectionOf('Quiet hours');
    const start = quiet.getByLabelText('Quiet hours start');
    expect(start).toHaveValue('21:00');
    expect(quiet.getByLabelText('Quiet hours end')).toHaveValue('08:00');
    const zone = quiet.getByLabelText('Time zone');
    expect(zone).toHaveValue('UTC');

    await user.clear(start);
    await user.click(quiet.getByRole('button', { name: 'Save Quiet Hours' }));
    expect(await quiet.findByText('Enter a time as HH:MM (00:00 to 23:59)')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(start, '22:30');
    await user.selectOptions(zone, 'Europe/Paris');
    await user.click(quiet.getByRole('button', { name: 'Save Quiet Hours' }));
    expect(await screen.findByText('Quiet hours saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ quietHours: { start: '22:30', end: '08:00' }, timeZone: 'Europe/Paris' }]);
  });

  it('lists suppressed contacts, adds a valid contact and removes one', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'editor' }),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: buildSuppressions,
      },
      post: {
        [suppressionsPath]: () => ({
          contact: 'ada@example.com',
          contactType: 'email',
          reason: 'added-by-staff',
          createdAt: new Date().toISOString(),
        }),
      },
      delete: { [`${suppressionsPath}/5551234567`]: () => undefined },
    });
    renderApp('/settings/notifications');
    const user = setupUser();
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    const list = sectionOf('Suppression list');
    expect(list.getByText('(555) 123-4567')).toBeInTheDocument();
    expect(list.getByText('Unsubscribed')).toBeInTheDocument();
    expect(list.getByText('Added by staff')).toBeInTheDocument();
    // Editors manage the list but not the webhook (admins only).
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Save Webhook' }),
      'Only admins can change the Slack webhook. Ask an admin if you need this.',
    );

    const contact = list.getByLabelText('E-mail address or phone number');
    await user.type(contact, 'call me');
    await user.click(list.getByRole('button', { name: 'Add Contact' }));
    expect(
      await list.findByText('Enter an e-mail address or a phone number of 10 to 15 digits'),
    ).toBeInTheDocument();
    await user.clear(contact);
    await user.type(contact, ' Ada@Example.com ');
    await user.click(list.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact added to the suppression list!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toEqual([
      { method: 'post', url: suppressionsPath, body: { contact: 'ada@example.com' } },
    ]);
    await waitFor(() => expect(contact).toHaveValue(''));

    await user.click(list.getByRole('button', { name: 'Remove (555) 123-4567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Contact removed from the suppression list!')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'delete' && call.url === `${suppressionsPath}/5551234567`),
    ).toBe(true);
  });

  it('shows a server error for a contact under the field', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: () => ({ suppressions: [] }),
      },
      post: {
        [suppressionsPath]: () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'Viewers cannot change the suppression list.' });
        },
      },
    });
    renderApp('/settings/notifications');
    const user = setupUser();
    expect(await screen.findByText('No suppressed contacts')).toBeInTheDocument();
    const list = sectionOf('Suppression list');
    await user.type(list.getByLabelText('E-mail address or phone number'), '5551234567');
    await user.click(list.getByRole('button', { name: 'Add Contact' }));
    expect(await list.findByText('Viewers cannot change the suppression list.')).toBeInTheDocument();
  });

  it('is read-only for viewers', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        [settingsPath]: () => buildSettings({ slackWebhookUrl: 'https://hooks.slack.com/services/a' }),
        [suppressionsPath]: buildSuppressions,
      },
    });
    renderApp('/settings/notifications');
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Slack webhook URL')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Time zone')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Remove|Add Contact/ })).not.toBeInTheDocument();
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Save Quiet Hours' }),
      'Only admins can change quiet hours. Ask an admin if you need this.',
    );
    expect(
      screen.getByText('Only workspace admins and editors can change notification settings.'),
    ).toBeInTheDocument();
  });

  it('shows the load errors', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'No' });
        },
        [suppressionsPath]: () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'No' });
        },
      },
    });
    renderApp('/settings/notifications');
    expect(
      await screen.findByText('Failed to load notification settings. Please try again.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to load the suppression list. Please try again.'),
    ).toBeInTheDocument();
  });

  it('lists alert notifications that were not delivered and sends one again', async () => {
    const failed = {
      outboxId: 'd1b2c3d4-0000-4000-8000-000000000009',
      channel: 'slack' as const,
      recipient: 'Slack webhook',
      status: 'failed' as const,
      attempts: 1,
      lastError: 'Slack answered 404: no_service',
      sentAt: null,
      updatedAt: '2025-03-04T15:07:00.000Z',
      surveyAlertId: 'e1b2c3d4-0000-4000-8000-000000000001',
      alertName: 'Detractor',
    };
    let notifications = [failed];
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [settingsPath]: () => buildSettings(),
        [suppressionsPath]: buildSuppressions,
        '/survey-alerts/undelivered': () => ({ notifications }),
      },
      post: {
        [`/survey-alerts/undelivered/${failed.outboxId}/retry`]: () => {
          notifications = [];
          return { notifications };
        },
      },
    });
    renderApp('/settings/notifications');
    const user = setupUser();
    const section = within(await screen.findByRole('region', { name: 'Not delivered' }));
    expect(await section.findByText('Detractor: Slack to Slack webhook')).toBeVisible();
    expect(section.getByText('Not delivered: Slack answered 404: no_service')).toBeVisible();
    await user.click(section.getByRole('button', { name: 'Send again: Detractor, Slack to Slack webhook' }));
    expect(await section.findByText('Every alert notification was delivered.')).toBeVisible();
    expect(calls.some((call) => call.url === `/survey-alerts/undelivered/${failed.outboxId}/retry`)).toBe(
      true,
    );
  });
});
