import type { SurveyAlert, SurveyAlertsResponse } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';

const serviceAlertId = '0b9d4c1e-8d1f-4a8e-9a53-1a2b3c4d5e6f';
const hiddenAlertId = '1c0e5d2f-9e2a-4b9f-8b64-2b3c4d5e6f70';
const unnamedAlertId = '2d1f6e3a-af3b-4caf-9c75-3c4d5e6f7081';
const versionId = '8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';
const surveyId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function buildSurveyAlert(overrides: Partial<SurveyAlert> & { name?: string; description?: string | null }) {
  const { name = 'Service visit', description = 'After each workshop visit', ...rest } = overrides;
  const surveyAlert: SurveyAlert = {
    surveyAlertId: serviceAlertId,
    isActive: true,
    createdAt: '2025-03-04T15:06:00.000Z',
    alertId: 'alert-1',
    alertName: 'Detractor',
    surveyId,
    surveyTemplateId: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    surveyTemplateVersionId: versionId,
    matchedConditions: [
      { questionLabel: 'How likely are you to recommend us?', operator: 'LESS_THAN', value: 7, answer: 3 },
    ],
    respondent: 'Ada Lovelace',
    undelivered: [],
    survey: {
      surveyTemplate: {
        surveyTemplateName: name,
        surveyTemplateDescription: description,
        surveyTemplateSettings: {
          alerts: [{ id: 'alert-1', notificationChannels: ['email', 'slack'] }],
        },
      },
    },
    ...rest,
  };
  return surveyAlert;
}

function buildAlerts(): SurveyAlertsResponse {
  return {
    surveyAlerts: [
      buildSurveyAlert({}),
      buildSurveyAlert({
        surveyAlertId: hiddenAlertId,
        isActive: false,
        name: 'Onboarding',
        description: 'First week check-in',
        alertName: 'Unhappy start',
        matchedConditions: [{ questionLabel: 'Comments', operator: 'IS_EMPTY', value: '', answer: null }],
      }),
      buildSurveyAlert({
        surveyAlertId: unnamedAlertId,
        name: '',
        description: null,
        alertName: 'Low stars',
        matchedConditions: [
          { questionLabel: 'Topics', operator: 'IS_EQUAL', value: 'Price', answer: ['Price', 'Speed'] },
        ],
        survey: {
          surveyTemplate: {
            surveyTemplateName: '',
            surveyTemplateDescription: null,
            surveyTemplateSettings: { alerts: [{ id: 'other', notificationChannels: ['sms' as 'email'] }] },
          },
        },
      }),
    ],
  };
}

function cardOf(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  const card = heading.closest('article');
  if (!card) throw new Error(`No card holds ${title}`);
  return within(card);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Alerts page (docs/product-rules.md#alerts)', () => {
  it('shows active alerts as cards with badges, matched answers and a link to the response', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': buildAlerts } });
    renderApp('/alerts');

    expect(await screen.findByRole('heading', { name: 'Service visit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    const card = cardOf('Service visit');
    expect(card.getByText('After each workshop visit')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('Detractor')).toBeInTheDocument();
    expect(card.getByText(formatDateTime('2025-03-04T15:06:00.000Z'))).toBeInTheDocument();
    expect(card.getByText('How likely are you to recommend us?:')).toBeInTheDocument();
    expect(card.getByText('(less than 7)')).toBeInTheDocument();
    expect(card.getByText('Email').className).toContain('green');
    expect(card.getByText('Slack').className).toContain('blue');
    expect(card.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(card.queryByRole('list', { name: 'Notifications not delivered' })).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: /View response/ })).toHaveAccessibleName(
      'View response of Ada Lovelace',
    );
    expect(card.getByRole('link', { name: /View response/ })).toHaveAttribute(
      'href',
      `/survey-templates/${versionId}/responses/${surveyId}`,
    );

    const unnamed = cardOf('Alert');
    expect(unnamed.getByText('No description available')).toBeInTheDocument();
    expect(unnamed.getByText('Price, Speed')).toBeInTheDocument();
    expect(unnamed.getByText('Sms').className).toContain('gray');

    expect(screen.queryByRole('heading', { name: 'Onboarding' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('searches by template name, alert name and description', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': buildAlerts } });
    renderApp('/alerts');
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Service visit' });
    const search = screen.getByPlaceholderText('Search alerts...');

    await user.type(search, 'WORKSHOP');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Service visit' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'low stars');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Alert' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'onboarding');
    expect(screen.getByText('No alerts found')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show hidden alerts' }));
    expect(screen.getByRole('heading', { name: 'Onboarding' })).toBeInTheDocument();
  });

  it('shows hidden alerts as Inactive only with the toggle on', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': buildAlerts } });
    renderApp('/alerts');
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Service visit' });
    const toggle = screen.getByRole('switch', { name: 'Show hidden alerts' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(toggle).toBeChecked();
    const hidden = cardOf('Onboarding');
    expect(hidden.getByText('Inactive')).toBeInTheDocument();
    expect(hidden.getByText('Comments:')).toBeInTheDocument();
    expect(hidden.getByText('No answer')).toBeInTheDocument();
    expect(hidden.getByText('(empty)')).toBeInTheDocument();
    expect(hidden.getByRole('button', { name: /^Show Onboarding/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    await user.click(toggle);
    expect(screen.queryByRole('heading', { name: 'Onboarding' })).not.toBeInTheDocument();
  });

  it('hides an alert, then shows it again, with toasts', async () => {
    const alerts = buildAlerts();
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': () => structuredClone(alerts) },
      patch: {
        [`/survey-alerts/${serviceAlertId}/status`]: (body) => {
          const { isActive } = body as { isActive: boolean };
          const target = alerts.surveyAlerts.find((item) => item.surveyAlertId === serviceAlertId);
          if (!target) throw new Error('missing');
          target.isActive = isActive;
          return target;
        },
      },
    });
    renderApp('/alerts');
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Service visit' });

    await user.click(cardOf('Service visit').getByRole('button', { name: /^Hide Service visit/ }));
    expect(await screen.findByText('Alert hidden successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Service visit' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'patch')).toEqual([
      { method: 'patch', url: `/survey-alerts/${serviceAlertId}/status`, body: { isActive: false } },
    ]);

    await user.click(screen.getByRole('switch', { name: 'Show hidden alerts' }));
    await user.click(cardOf('Service visit').getByRole('button', { name: /^Show Service visit/ }));
    expect(await screen.findByText('Alert shown successfully!')).toBeInTheDocument();
    await waitFor(() => expect(cardOf('Service visit').getByText('Active')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'patch').at(-1)?.body).toEqual({ isActive: true });
  });

  it('keeps the card and shows the server message when the update fails', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': buildAlerts },
      patch: {
        [`/survey-alerts/${serviceAlertId}/status`]: () => {
          throw apiError(404, { error: 'NOT_FOUND', message: 'Survey alert not found' });
        },
      },
    });
    renderApp('/alerts');
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Service visit' });
    await user.click(cardOf('Service visit').getByRole('button', { name: /^Hide Service visit/ }));
    expect(await screen.findByText('Survey alert not found')).toBeInTheDocument();
    expect(cardOf('Service visit').getByText('Active')).toBeInTheDocument();
  });

  it('lets viewers read, with Hide and Show blocked and the reason given', async () => {
    const calls = mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }), '/survey-alerts/': buildAlerts },
    });
    renderApp('/alerts');
    await screen.findByRole('heading', { name: 'Service visit' });
    const hide = cardOf('Service visit').getByRole('button', { name: /^Hide Service visit/ });
    expectBlockedWithReason(hide, "Viewers can't hide or show alerts. Ask an admin for the editor role.");
    await setupUser().click(hide);
    expect(calls.filter((call) => call.method !== 'get')).toEqual([]);
  });

  it('shows the loading, empty and error texts', async () => {
    let attempts = 0;
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-alerts/': async () => {
          attempts += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (attempts === 1) throw apiError(403, { error: 'FORBIDDEN', message: 'No' });
          return { surveyAlerts: [] };
        },
      },
    });
    renderApp('/alerts');
    expect(await screen.findByText('Loading alerts...')).toBeInTheDocument();
    expect(await screen.findByText('Error loading alerts. Please try again.')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No alerts found')).toBeInTheDocument();
  });

  it('says how many alerts are hidden when only hidden ones exist', async () => {
    const onlyHidden = (): SurveyAlertsResponse => ({
      surveyAlerts: [buildSurveyAlert({ isActive: false })],
    });
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-alerts/': onlyHidden } });
    renderApp('/alerts');
    expect(await screen.findByText('No alerts found')).toBeInTheDocument();
    expect(
      screen.getByText('1 alert is hidden. Turn on "Show hidden alerts" to see it.'),
    ).toBeInTheDocument();
  });

  it('shows on the card a notification that was not delivered, with the reason', async () => {
    const failed = {
      outboxId: 'd1b2c3d4-0000-4000-8000-000000000009',
      channel: 'slack' as const,
      recipient: 'Slack webhook',
      status: 'failed' as const,
      attempts: 293,
      lastError: 'Slack answered 404: no_service',
      sentAt: null,
      updatedAt: '2025-03-04T15:07:00.000Z',
    };
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-alerts/': () => ({ surveyAlerts: [buildSurveyAlert({ undelivered: [failed] })] }),
      },
    });
    renderApp('/alerts');
    const list = await screen.findByRole('list', { name: 'Notifications not delivered' });
    expect(list).toHaveTextContent('Not delivered: Slack to Slack webhook: Slack answered 404: no_service');
  });
});
