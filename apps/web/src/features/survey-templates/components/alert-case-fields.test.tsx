import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  lastPatch,
  mockTemplateServer,
  npsId,
  npsQuestion,
  versionId,
} from './template-fixtures';

const eddie = {
  accountId: '5a3b4f6e-7d8c-4e9f-a0b1-2c3d4e5f6071',
  name: 'Eddie Member',
  emailAddress: 'e@x.co',
};

describe('an alert opens a case (decision 019)', () => {
  it('saves the default assignee and the response time, and refuses a response time under an hour', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: { questions: [npsQuestion] } }), {
      get: { '/cases/assignees': () => ({ assignees: [eddie] }) },
    });
    renderApp(`/survey-templates/${versionId}/alerts`);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Alert' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    const condition = within(within(dialog).getByRole('group', { name: 'Condition 1' }));
    await user.click(condition.getByRole('combobox', { name: /Question/ }));
    await user.click(await screen.findByRole('option', { name: 'Q1: NPS' }));
    await user.click(condition.getByRole('combobox', { name: /Operator/ }));
    await user.click(await screen.findByRole('option', { name: 'Less than' }));
    await user.type(condition.getByLabelText('Value'), '7');
    await user.type(within(dialog).getByLabelText('Alert Name'), 'Detractor');
    await user.type(within(dialog).getByLabelText('Recipients'), 'boss@example.com');

    await within(dialog).findByRole('option', { name: 'Eddie Member' });
    await user.selectOptions(within(dialog).getByLabelText('Default assignee'), eddie.accountId);
    const hours = within(dialog).getByLabelText('Response time (hours)');
    await user.type(hours, '0');
    await user.tab();
    expect(await within(dialog).findByText('The response time must be at least 1 hour')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(await screen.findByText('Alert created successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.alerts).toEqual([
      expect.objectContaining({
        name: 'Detractor',
        conditions: [{ surveyQuestionId: npsId, operator: 'LESS_THAN', value: 7 }],
        defaultAssigneeId: eddie.accountId,
        responseHours: 24,
      }),
    ]);
    expect(await screen.findByText('Case assigned to Eddie Member, due in 24 h')).toBeInTheDocument();
  });
});
