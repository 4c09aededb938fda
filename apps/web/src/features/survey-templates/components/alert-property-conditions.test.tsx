import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildVersion, lastPatch, mockTemplateServer, npsQuestion, versionId } from './template-fixtures';

// Alert conditions on survey properties (decision 035): the reported properties beside the
// questions, the list filters' operators of their type, and the alert's sentence.

const url = `/survey-templates/${versionId}/alerts`;
type User = ReturnType<typeof userEvent.setup>;
const planId = 'e1b2c3d4-0000-4000-8000-0000000000a1';
const seatsId = 'e1b2c3d4-0000-4000-8000-0000000000a2';
const secretId = 'e1b2c3d4-0000-4000-8000-0000000000a3';
const vipId = 'e1b2c3d4-0000-4000-8000-0000000000a4';
const properties = [
  { id: planId, type: 'Text' as const, label: 'Plan' },
  { id: seatsId, type: 'Number' as const, label: 'Seats' },
  { id: secretId, type: 'Text' as const, label: 'Internal code', visibleInReportsAndFiltering: false },
  { id: vipId, type: 'Boolean' as const, label: 'VIP' },
];

async function choose(user: User, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function optionNames(user: User, combobox: HTMLElement) {
  await user.click(combobox);
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

const condition = (dialog: HTMLElement, number: number) =>
  within(within(dialog).getByRole('group', { name: `Condition ${number}` }));

describe('alert conditions on survey properties', () => {
  it('offers the reported properties with their operators, and saves and reads them as sentences', async () => {
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion], properties } }),
    );
    renderApp(url);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Alert' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    const submit = within(dialog).getByRole('button', { name: 'Create Alert' });

    const first = condition(dialog, 1);
    // A property hidden from reports is not offered.
    expect(await optionNames(user, first.getByRole('combobox', { name: /Question or property/ }))).toEqual([
      'Q1: NPS',
      'Property: Plan',
      'Property: Seats',
      'Property: VIP',
    ]);
    await choose(user, first.getByRole('combobox', { name: /Question or property/ }), 'Property: Seats');
    expect(await optionNames(user, first.getByRole('combobox', { name: /Operator/ }))).toEqual([
      'Equals',
      'Does not equal',
      'Greater than',
      'At least',
      'Less than',
      'At most',
      'Between',
    ]);
    await choose(user, first.getByRole('combobox', { name: /Operator/ }), 'Between');
    await user.type(first.getByLabelText('From'), '50');
    expect(first.getByLabelText('Up to')).toHaveAccessibleDescription('Not included');

    await user.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    const second = condition(dialog, 2);
    await choose(user, second.getByRole('combobox', { name: /Question or property/ }), 'Property: Plan');
    expect(await optionNames(user, second.getByRole('combobox', { name: /Operator/ }))).toEqual([
      'Contains',
      'Does not contain',
      'Equals',
      'Does not equal',
      'Starts with',
      'Ends with',
    ]);
    await choose(user, second.getByRole('combobox', { name: /Operator/ }), 'Equals');
    await user.type(second.getByLabelText('Value'), 'Pro');

    await user.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    const third = condition(dialog, 3);
    await choose(user, third.getByRole('combobox', { name: /Question or property/ }), 'Property: VIP');
    await choose(user, third.getByRole('combobox', { name: /Operator/ }), 'Is');
    expect(submit).toBeDisabled();
    await choose(user, third.getByRole('combobox', { name: /Value/ }), 'Yes');

    await user.type(within(dialog).getByLabelText('Alert Name'), 'Big Pro accounts');
    await user.type(within(dialog).getByLabelText('Recipients'), 'boss@example.com');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Alert created successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.alerts[0]?.conditions).toEqual([
      { kind: 'property', surveyPropertyId: seatsId, operator: 'between', value: '50..' },
      { kind: 'property', surveyPropertyId: planId, operator: 'equals', value: 'Pro' },
      { kind: 'property', surveyPropertyId: vipId, operator: 'is', value: 'true' },
    ]);
    const card = within((await screen.findByRole('heading', { name: 'Big Pro accounts' })).closest('li')!);
    expect(card.getByText('Seats (property) is at least 50')).toBeInTheDocument();
    expect(card.getByText('Plan (property) equals Pro')).toBeInTheDocument();
    expect(card.getByText('VIP (property) is true')).toBeInTheDocument();
  }, 60_000);

  it('edits a property condition, and moving to a question clears its operator and value', async () => {
    mockTemplateServer(
      buildVersion({
        definition: { questions: [npsQuestion], properties },
        settings: {
          alerts: [
            {
              id: 'alert-1',
              name: 'Pro',
              conditions: [
                { kind: 'property', surveyPropertyId: planId, operator: 'contains', value: 'pro' },
              ],
              recipients: ['boss@example.com'],
            },
          ],
        },
      }),
    );
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('Plan (property) contains pro')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alert' });
    const first = condition(dialog, 1);
    expect(first.getByRole('combobox', { name: /Question or property/ })).toHaveTextContent('Property: Plan');
    expect(first.getByRole('combobox', { name: /Operator/ })).toHaveTextContent('Contains');
    expect(first.getByLabelText('Value')).toHaveValue('pro');
    await choose(user, first.getByRole('combobox', { name: /Question or property/ }), 'Q1: NPS');
    expect(first.getByRole('combobox', { name: /Operator/ })).not.toHaveTextContent('Contains');
    expect(first.queryByLabelText('Value')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update Alert' })).toBeDisabled();
  }, 60_000);
});
