import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  choiceId,
  choiceQuestion,
  lastPatch,
  mockTemplateServer,
  npsId,
  npsQuestion,
  textId,
  textQuestion,
  versionId,
} from './template-fixtures';

const url = `/survey-templates/${versionId}/alerts`;
type User = ReturnType<typeof userEvent.setup>;
const numericId = 'd1b2c3d4-0000-4000-8000-0000000000e1';
const numericQuestion = {
  id: numericId,
  type: 'NumericScale' as const,
  question: 'How easy?',
  label: 'Ease',
  startNumber: 1,
  endNumber: 7,
};
const questions = [npsQuestion, choiceQuestion, textQuestion, numericQuestion];

async function choose(user: User, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

function condition(dialog: HTMLElement, number: number) {
  return within(within(dialog).getByRole('group', { name: `Condition ${number}` }));
}

async function optionNames(user: User, combobox: HTMLElement) {
  await user.click(combobox);
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('Alerts tab', () => {
  // About 9 s alone (three question types through the modal): a full parallel run needs more.
  it('offers the operators the question type allows, clamps scale values and hides the value for empty checks', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: { questions } }));
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('No alerts configured')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Alert' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    const submit = within(dialog).getByRole('button', { name: 'Create Alert' });
    expect(submit).toBeDisabled();

    const first = condition(dialog, 1);
    expect(first.getByRole('combobox', { name: /Operator/ })).toBeDisabled();
    await choose(user, first.getByRole('combobox', { name: /Question/ }), 'Q1: NPS');
    expect(await optionNames(user, first.getByRole('combobox', { name: /Operator/ }))).toEqual([
      'Greater than',
      'Less than',
      'Equals',
      'Does not equal',
      'Is empty',
      'Is not empty',
    ]);
    await choose(user, first.getByRole('combobox', { name: /Operator/ }), 'Less than');
    const value = first.getByLabelText('Value');
    expect(value).toHaveAccessibleDescription('From 0 to 10');
    await user.type(value, '15');
    expect(value).toHaveValue(10);
    await user.clear(value);
    await user.type(value, '7');
    expect(value).toHaveValue(7);

    await user.type(within(dialog).getByLabelText('Alert Name'), 'Detractor');
    const recipients = within(dialog).getByLabelText('Recipients');
    await user.click(recipients);
    await user.tab();
    expect(await within(dialog).findByText('At least one recipient is required')).toBeInTheDocument();
    await user.type(recipients, 'boss@example.com, nobody');
    await user.tab();
    expect(await within(dialog).findByText('Please enter valid email addresses')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(recipients);
    await user.type(recipients, 'Boss@Example.com, team@example.com,');
    expect(submit).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    expect(submit).toBeDisabled();
    const second = condition(dialog, 2);
    await choose(user, second.getByRole('combobox', { name: /Question/ }), 'Q3: Name');
    expect(await optionNames(user, second.getByRole('combobox', { name: /Operator/ }))).toEqual([
      'Equals',
      'Does not equal',
      'Is empty',
      'Is not empty',
      // Decision 030: a text answer's sentiment.
      'Sentiment is',
    ]);
    await choose(user, second.getByRole('combobox', { name: /Operator/ }), 'Sentiment is');
    expect(await optionNames(user, second.getByRole('combobox', { name: /Value/ }))).toEqual([
      'Negative',
      'Neutral',
      'Positive',
    ]);
    await choose(user, second.getByRole('combobox', { name: /Operator/ }), 'Is empty');
    expect(second.queryByLabelText('Value')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove condition 1' })).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Slack'));
    await user.click(submit);
    expect(await screen.findByText('Alert created successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.alerts).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Detractor',
        conditions: [
          { surveyQuestionId: npsId, operator: 'LESS_THAN', value: 7 },
          { surveyQuestionId: textId, operator: 'IS_EMPTY', value: '' },
        ],
        recipients: ['boss@example.com', 'team@example.com'],
        notificationChannels: ['email', 'slack'],
      },
    ]);
    const card = within((await screen.findByRole('heading', { name: 'Detractor' })).closest('li')!);
    expect(card.getByText('NPS is less than 7')).toBeInTheDocument();
    expect(card.getByText('Name is empty')).toBeInTheDocument();
    expect(card.getByText('boss@example.com')).toBeInTheDocument();
    expect(card.getByText('Slack')).toBeInTheDocument();
  }, 30_000);

  it('resets the operator and value when the new question does not allow the operator', async () => {
    mockTemplateServer(buildVersion({ definition: { questions } }));
    renderApp(url);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Alert' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    const first = condition(dialog, 1);
    expect(within(dialog).queryByRole('button', { name: 'Remove condition 1' })).not.toBeInTheDocument();

    await choose(user, first.getByRole('combobox', { name: /Question/ }), 'Q1: NPS');
    await choose(user, first.getByRole('combobox', { name: /Operator/ }), 'Greater than');
    await user.type(first.getByLabelText('Value'), '8');
    // Another scale allows the operator: it stays and the value is clamped to 1-7.
    await choose(user, first.getByRole('combobox', { name: /Question/ }), 'Q4: Ease');
    expect(first.getByRole('combobox', { name: /Operator/ })).toHaveTextContent('Greater than');
    expect(first.getByLabelText('Value')).toHaveValue(7);
    // A choice question does not: operator and value reset.
    await choose(user, first.getByRole('combobox', { name: /Question/ }), 'Q2: Bought');
    expect(first.getByRole('combobox', { name: /Operator/ })).toHaveTextContent('');
    expect(first.queryByLabelText('Value')).not.toBeInTheDocument();
    await choose(user, first.getByRole('combobox', { name: /Operator/ }), 'Equals');
    // Choice questions offer their options.
    expect(await optionNames(user, first.getByRole('combobox', { name: /Value/ }))).toEqual(['Tyres', 'Oil']);
  });

  it('offers the items of a list-based question by their label', async () => {
    const listId = 'e1b2c3d4-0000-4000-8000-0000000000f1';
    const storeId = 'e1b2c3d4-0000-4000-8000-0000000000f2';
    const storeQuestion = {
      id: storeId,
      type: 'DropdownList' as const,
      question: 'Which store?',
      label: 'Store',
      listId,
    };
    const item = (id: string, name: string, isArchived = false) => ({
      listItemId: id,
      listItemProperties: { name },
      isArchived,
    });
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, storeQuestion] } }),
      {
        get: {
          [`/lists/${listId}`]: () => ({
            listId,
            listName: 'Stores',
            listDescription: '',
            listState: 'PUBLISHED',
            listProperties: [
              {
                id: 'p1',
                name: 'name',
                displayName: 'Name',
                description: 'Store',
                type: 'STRING',
                active: true,
                isDefaultLabel: true,
              },
            ],
            listItems: [
              item('a1b2c3d4-0000-4000-8000-000000000001', 'North'),
              item('a1b2c3d4-0000-4000-8000-000000000002', 'South'),
              item('a1b2c3d4-0000-4000-8000-000000000003', 'Closed', true),
            ],
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          }),
        },
      },
    );
    renderApp(url);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Alert' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    const first = condition(dialog, 1);
    await user.type(within(dialog).getByLabelText('Alert Name'), 'North store');
    await choose(user, first.getByRole('combobox', { name: /Question/ }), 'Q2: Store');
    await choose(user, first.getByRole('combobox', { name: /Operator/ }), 'Equals');
    expect(await optionNames(user, first.getByRole('combobox', { name: /Value/ }))).toEqual([
      'North',
      'South',
    ]);
    await choose(user, first.getByRole('combobox', { name: /Value/ }), 'North');
    await user.type(within(dialog).getByLabelText(/Recipients/), 'boss@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    const settings = lastPatch(server).surveyTemplateSettings as {
      alerts: { conditions: { value: string }[] }[];
    };
    expect(settings.alerts[0]!.conditions[0]!.value).toBe('a1b2c3d4-0000-4000-8000-000000000001');
  });

  it('edits an alert (Update Alert) and deletes one, keeping the other settings', async () => {
    const alert = {
      id: 'alert-1',
      name: 'Detractor',
      conditions: [{ surveyQuestionId: choiceId, operator: 'IS_EQUAL' as const, value: 'Oil' }],
      recipients: ['boss@example.com'],
      notificationChannels: ['email' as const],
    };
    const reminders = [
      {
        id: 'f1b2c3d4-0000-4000-8000-0000000000d1',
        duration: 2,
        period: 'days' as const,
        event: 'sent' as const,
      },
    ];
    const { server } = mockTemplateServer(
      buildVersion({
        state: 'PUBLISHED',
        definition: { questions },
        settings: { alerts: [alert], reminders },
      }),
    );
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('Bought is equal to Oil')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Detractor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alert' });
    expect(within(dialog).getByLabelText('Recipients')).toHaveValue('boss@example.com');
    await choose(user, condition(dialog, 1).getByRole('combobox', { name: /Value/ }), 'Tyres');
    await user.click(within(dialog).getByRole('button', { name: 'Update Alert' }));
    expect(await screen.findByText('Alert updated successfully!')).toBeInTheDocument();
    const updated = lastPatch(server).surveyTemplateSettings;
    expect(updated?.alerts[0]?.conditions[0]).toEqual({
      surveyQuestionId: choiceId,
      operator: 'IS_EQUAL',
      value: 'Tyres',
    });
    expect(updated?.reminders).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Detractor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Alert' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Alert deleted successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings).toMatchObject({
      alerts: [],
      reminders: [{ id: reminders[0]!.id }],
    });
    await waitFor(() => expect(screen.getByText('No alerts configured')).toBeInTheDocument());
  });

  it('offers Slack only once the workspace has connected it, saying where to connect it', async () => {
    mockTemplateServer(buildVersion({ definition: { questions } }), {
      get: {
        '/workspace/notification-settings': () => ({
          slackWebhookUrl: null,
          quietHours: { start: '21:00', end: '08:00' },
          timeZone: 'UTC',
        }),
      },
    });
    renderApp(url);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Alert' }))[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    const slack = dialog.getByRole('checkbox', { name: 'Slack' });
    await waitFor(() => expect(slack).toBeDisabled());
    expect(slack).toHaveAccessibleDescription(
      'Connect Slack in Settings → Notifications to send alerts to Slack.',
    );
    expect(dialog.getByRole('link', { name: 'Settings → Notifications' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    expect(dialog.getByRole('checkbox', { name: 'Email' })).toBeEnabled();
  });
});
