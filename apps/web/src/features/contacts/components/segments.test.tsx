import type { ContactSegment, RecurringSend } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

afterEach(() => {
  vi.restoreAllMocks();
});

const segment: ContactSegment = {
  segmentId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Quiet Pro customers',
  filter: {
    conditions: [
      { kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' },
      { kind: 'surveyed', isWithin: false, days: 60 },
    ],
  },
  memberCount: 12,
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
};

const recurring: RecurringSend = {
  recurringSendId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  surveyTemplateId: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
  templateName: 'Quarterly check-in',
  segmentId: segment.segmentId,
  segmentName: segment.name,
  every: 3,
  period: 'months',
  sendTime: '10:30',
  status: 'active',
  nextRunAt: '2026-07-01T10:30:00.000Z',
  lastRunAt: null,
  lastResult: null,
  lastError: null,
  createdAt: '2026-06-01T09:00:00.000Z',
};

const common = (overrides: Record<string, () => unknown> = {}) => ({
  '/accounts/startup': () => buildStartup({ role: 'editor' }),
  '/workspace/notification-settings': () => ({
    slackWebhookUrl: null,
    quietHoursStart: '21:00',
    quietHoursEnd: '08:00',
    timeZone: 'UTC',
    phoneCountry: 'US',
  }),
  '/workspace/contact-settings': () => ({ fatigueDays: 30 }),
  '/contacts/attributes': () => ({
    attributes: [
      { id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', name: 'plan', displayName: 'Plan', type: 'STRING' },
    ],
  }),
  '/contacts': () => ({ contacts: [], total: 0, page: 1, limit: 25 }),
  '/contacts/segments': () => ({ segments: [segment] }),
  '/contacts/recurring-sends': () => ({ recurringSends: [recurring] }),
  '/survey-templates/': () => [],
  ...overrides,
});

describe('Segments (decision 038)', () => {
  it('lists saved segments in words with their member counts', async () => {
    mockApi({ get: common() });
    renderApp('/contacts');
    expect(await screen.findByText('Quiet Pro customers')).toBeInTheDocument();
    expect(screen.getByText('Plan is Pro and Not surveyed in the last 60 days')).toBeInTheDocument();
    expect(screen.getByText('12 contacts')).toBeInTheDocument();
  });

  it('builds a segment: conditions, the count from the server, then saved', async () => {
    const calls = mockApi({
      get: common({
        '/contacts/segments': () => ({ segments: [] }),
        '/contacts/segments/preview': () => ({ memberCount: 7, contacts: [] }),
      }),
      post: { '/contacts/segments': () => segment },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New Segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Segment' });
    await user.type(within(dialog).getByLabelText('Segment Name'), 'Detractors');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'detractor');
    await user.clear(within(dialog).getByLabelText('Days'));
    await user.type(within(dialog).getByLabelText('Days'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    await user.selectOptions(within(dialog).getByLabelText('Condition 2'), 'attribute');
    await user.selectOptions(within(dialog).getByLabelText('Attribute'), 'plan');
    await user.type(within(dialog).getByLabelText('Value'), 'Pro');
    await user.click(within(dialog).getByRole('button', { name: 'Count Contacts' }));
    expect(await within(dialog).findByText('7 contacts match')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Segment' }));
    const saved = calls.find((call) => call.method === 'post' && call.url === '/contacts/segments');
    expect(saved?.body).toEqual({
      name: 'Detractors',
      filter: {
        conditions: [
          { kind: 'nps', category: 'detractor', days: 90 },
          { kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' },
        ],
      },
    });
  });

  it("lets a viewer look at a segment's members: the count and the first of them, linked", async () => {
    const calls = mockApi({
      get: common({
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/contacts/segments/preview': () => ({
          memberCount: 12,
          contacts: [
            {
              contactId: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
              emailAddress: 'ada@example.com',
              phoneNumber: null,
              name: 'Ada Lovelace',
              attributes: { plan: 'Pro' },
              lastSurveyedAt: null,
              createdAt: '2026-06-01T09:00:00.000Z',
              updatedAt: '2026-06-01T09:00:00.000Z',
            },
          ],
        }),
      }),
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'View members of Quiet Pro customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quiet Pro customers' });
    expect(await within(dialog).findByText('12 contacts match now; the first 1:')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/contacts/6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
    );
    const preview = calls.find((call) => call.url === '/contacts/segments/preview');
    const params = preview?.params as { filter: string } | undefined;
    expect(JSON.parse(params?.filter ?? 'null')).toEqual(segment.filter);
  });

  it('shows recurring sends and pauses one', async () => {
    const calls = mockApi({
      get: common(),
      patch: {
        [`/contacts/recurring-sends/${recurring.recurringSendId}`]: () => ({
          ...recurring,
          status: 'paused',
        }),
      },
    });
    renderApp('/contacts');
    const user = setupUser();
    expect(await screen.findByText('Quarterly check-in to Quiet Pro customers')).toBeInTheDocument();
    expect(screen.getByText(/Every 3 months at 10:30; next run/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause Quarterly check-in to Quiet Pro customers' }));
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ status: 'paused' });
  });

  it('edits a recurring send: its segment and cadence, the template kept', async () => {
    const other = { ...segment, segmentId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', name: 'Everyone' };
    const calls = mockApi({
      get: common({ '/contacts/segments': () => ({ segments: [segment, other] }) }),
      patch: {
        [`/contacts/recurring-sends/${recurring.recurringSendId}`]: () => ({
          ...recurring,
          segmentId: other.segmentId,
          segmentName: other.name,
          every: 2,
          period: 'weeks',
          sendTime: '14:00',
        }),
      },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(
      await screen.findByRole('button', { name: 'Edit Quarterly check-in to Quiet Pro customers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Recurring Send' });
    expect(within(dialog).getByLabelText('Survey template')).toBeDisabled();
    expect(within(dialog).getByLabelText('Every')).toHaveValue(3);
    await user.selectOptions(within(dialog).getByLabelText('Segment'), other.segmentId);
    await user.clear(within(dialog).getByLabelText('Every'));
    await user.type(within(dialog).getByLabelText('Every'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'weeks');
    await user.clear(within(dialog).getByLabelText('At (local time)'));
    await user.type(within(dialog).getByLabelText('At (local time)'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({
      segmentId: other.segmentId,
      every: 2,
      period: 'weeks',
      sendTime: '14:00',
    });
  });

  it('schedules a recurring send of a template to a segment', async () => {
    const calls = mockApi({
      get: common({
        '/contacts/recurring-sends': () => ({ recurringSends: [] }),
        '/survey-templates/': () => ({
          surveyTemplates: [
            {
              surveyTemplateId: recurring.surveyTemplateId,
              surveyTemplateVersionId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
              surveyTemplateName: 'Quarterly check-in',
              surveyTemplateDescription: '',
              surveyTemplateState: 'PUBLISHED',
              updatedAt: '2026-06-01T09:00:00.000Z',
            },
          ],
        }),
      }),
      post: { '/contacts/recurring-sends': () => recurring },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Schedule Recurring Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Recurring Send' });
    await user.selectOptions(within(dialog).getByLabelText('Segment'), segment.segmentId);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a survey template')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Survey template'), recurring.surveyTemplateId);
    await user.clear(within(dialog).getByLabelText('Every'));
    await user.type(within(dialog).getByLabelText('Every'), '3');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'months');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      surveyTemplateId: recurring.surveyTemplateId,
      segmentId: segment.segmentId,
      every: 3,
      period: 'months',
      sendTime: '09:00',
    });
  });
});
