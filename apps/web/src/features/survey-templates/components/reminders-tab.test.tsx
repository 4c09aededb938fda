import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { reminderTitle } from './reminders-tab';
import { buildVersion, lastPatch, mockTemplateServer, versionId } from './template-fixtures';

const url = `/survey-templates/${versionId}/reminders`;
const reminder = (id: string, duration: number, period: 'hours' | 'days', event: 'sent' | 'opened') => ({
  id,
  duration,
  period,
  event,
  message: 'Please complete the survey...',
});
const firstId = 'f1b2c3d4-0000-4000-8000-0000000000d1';
const secondId = 'f1b2c3d4-0000-4000-8000-0000000000d2';

describe('Reminders tab', () => {
  it('names the unit in the singular for 1', () => {
    expect(reminderTitle({ duration: 1, period: 'days' })).toBe('Send reminder after 1 day');
    expect(reminderTitle({ duration: 3, period: 'weeks' })).toBe('Send reminder after 3 weeks');
    expect(reminderTitle({ duration: 1, period: 'hours' })).toBe('Send reminder after 1 hour');
  });

  it('validates the duration with the spec messages and adds a reminder with the defaults', async () => {
    const { server } = mockTemplateServer(
      buildVersion({ settings: { expiration: { duration: 10, period: 'days' } } }),
    );
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('No reminders configured')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Reminder' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Reminder' });
    const scope = within(dialog);
    expect(scope.getByRole('combobox', { name: /Unit/ })).toHaveTextContent('Days');
    expect(scope.getByRole('combobox', { name: /Send/ })).toHaveTextContent('After initial send');
    expect(scope.getByLabelText('Message')).toHaveValue('Please complete the survey...');
    const submit = scope.getByRole('button', { name: 'Add Reminder' });
    const duration = scope.getByLabelText('Duration');

    for (const [typed, message] of [
      ['', 'Duration is required'],
      ['soon', 'Duration must be a number'],
      ['0', 'Duration must be greater than 0'],
      ['366', 'Duration cannot exceed 365'],
    ] as const) {
      await user.clear(duration);
      if (typed) await user.type(duration, typed);
      await user.click(submit);
      expect(await scope.findByText(message)).toBeInTheDocument();
    }
    await user.clear(duration);
    await user.type(duration, '1');
    await user.clear(scope.getByLabelText('Message'));
    await user.click(submit);

    expect(await screen.findByText('Reminder added successfully!')).toBeInTheDocument();
    const settings = lastPatch(server).surveyTemplateSettings;
    expect(settings).toEqual({
      expiration: { duration: 10, period: 'days' },
      alerts: [],
      reminders: [
        {
          id: expect.any(String),
          duration: 1,
          period: 'days',
          event: 'sent',
          message: 'Please complete the survey...',
        },
      ],
      showEstimatedTime: false,
    });
    expect(await screen.findByText('Send reminder after 1 day')).toBeInTheDocument();
    expect(screen.getByText('After initial send', { selector: 'span' })).toBeInTheDocument();
  });

  it('edits and deletes by rewriting the whole reminders array', async () => {
    const { server } = mockTemplateServer(
      buildVersion({
        state: 'PUBLISHED',
        settings: {
          reminders: [reminder(firstId, 2, 'days', 'sent'), reminder(secondId, 12, 'hours', 'opened')],
        },
      }),
    );
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('Send reminder after 12 hours')).toBeInTheDocument();
    expect(screen.getByText('After survey opened', { selector: 'span' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Send reminder after 2 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reminder' });
    await user.clear(within(dialog).getByLabelText('Duration'));
    await user.type(within(dialog).getByLabelText('Duration'), '3');
    await user.click(within(dialog).getByRole('combobox', { name: /Send/ }));
    await user.click(await screen.findByRole('option', { name: 'After survey opened' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Reminder updated successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.reminders).toEqual([
      { ...reminder(firstId, 3, 'days', 'opened') },
      reminder(secondId, 12, 'hours', 'opened'),
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Send reminder after 12 hours' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Reminder' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reminder deleted successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.reminders.map((item) => item.id)).toEqual([firstId]);
    expect(lastPatch(server).surveyTemplateDefinition).toBeUndefined();
    await waitFor(() => expect(screen.queryByText('Send reminder after 12 hours')).not.toBeInTheDocument());
  });
});
