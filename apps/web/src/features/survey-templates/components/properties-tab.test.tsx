import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  firstNameProperty,
  lastPatch,
  listId,
  mockTemplateServer,
  versionId,
} from './template-fixtures';

const url = `/survey-templates/${versionId}/properties`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function chooseOption(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

describe('Properties tab', () => {
  it('adds a property with the shared rules: label messages, ListItem needs a list, type change clears it', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();

    expect(await screen.findByText('No Properties Yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Property' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Property' });
    const submit = within(dialog).getByRole('button', { name: 'Add Property' });
    expect(submit).toBeDisabled();

    const label = within(dialog).getByLabelText('Property Label');
    await user.type(label, 'S');
    await user.tab();
    expect(
      await within(dialog).findByText('Property label must be at least 2 characters'),
    ).toBeInTheDocument();
    await user.clear(label);
    expect(await within(dialog).findByText('Property label is required')).toBeInTheDocument();
    await user.type(label, 'Store');
    expect(submit).toBeEnabled();

    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Type/ }), 'List Item');
    expect(submit).toBeDisabled();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /List/ }), 'Stores');
    expect(submit).toBeEnabled();
    // Away from ListItem and back: the list was cleared.
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Type/ }), 'Text');
    expect(within(dialog).queryByRole('combobox', { name: /List/ })).not.toBeInTheDocument();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Type/ }), 'List Item');
    expect(submit).toBeDisabled();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /List/ }), 'Stores');

    await user.click(within(dialog).getByLabelText('Required'));
    await user.click(within(dialog).getByLabelText(/^Authentication/));
    await user.click(within(dialog).getByLabelText('Visible in reports and filtering'));
    await user.click(submit);

    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [property] = lastPatch(server).surveyTemplateDefinition?.properties ?? [];
    expect(property).toEqual({
      id: expect.stringMatching(uuidPattern),
      type: 'ListItem',
      label: 'Store',
      listId,
      validation: { required: true, authentication: true },
      visibleInReportsAndFiltering: false,
      hiddenField: false,
    });
    const row = within(screen.getByRole('row', { name: /Store/ }));
    expect(row.getByText('List Item')).toBeInTheDocument();
    expect(row.getByText('Required')).toBeInTheDocument();
    expect(row.getByText('Hidden')).toBeInTheDocument();
    expect(row.getByText('Authentication')).toBeInTheDocument();
  });

  it('marks a property as a hidden field for public links, never one for authentication', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    await user.click((await screen.findAllByRole('button', { name: 'Add Property' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Property' });
    await user.type(within(dialog).getByLabelText('Property Label'), 'Store ID');
    const hidden = within(dialog).getByLabelText('Hidden field: public links fill it from ?store_id=…');
    await user.click(hidden);
    await user.click(within(dialog).getByLabelText(/^Authentication/));
    await user.click(within(dialog).getByRole('button', { name: 'Add Property' }));
    expect(
      await within(dialog).findByText('An authentication property cannot be a hidden field'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Authentication/));
    await user.click(within(dialog).getByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [property] = lastPatch(server).surveyTemplateDefinition?.properties ?? [];
    expect(property).toMatchObject({ label: 'Store ID', hiddenField: true });
  });

  it('searches by label or type, says No Properties Found and clears the search', async () => {
    mockTemplateServer(
      buildVersion({
        definition: {
          properties: [
            firstNameProperty,
            { id: 'e1b2c3d4-0000-4000-8000-0000000000a1', type: 'Date', label: 'Visit day' },
          ],
        },
      }),
    );
    renderApp(url);
    const user = setupUser();
    const search = await screen.findByPlaceholderText('Search properties...');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Type',
      'Required',
      'Reports',
      'Actions',
    ]);

    await user.type(search, 'date');
    expect(screen.getByText('Visit day')).toBeInTheDocument();
    expect(screen.queryByText('First name')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'first');
    expect(screen.getByText('First name')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /First name/ })).toHaveTextContent('Optional');
    expect(screen.getByRole('row', { name: /First name/ })).toHaveTextContent('Visible');
    await user.type(search, 'zzz');
    expect(screen.getByText('No Properties Found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByText('Visit day')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('edits in place, refuses a duplicate label, and deletes after confirmation', async () => {
    const visitDay = {
      id: 'e1b2c3d4-0000-4000-8000-0000000000a1',
      type: 'Date' as const,
      label: 'Visit day',
    };
    const { server } = mockTemplateServer(
      buildVersion({ definition: { properties: [firstNameProperty, visitDay] } }),
    );
    renderApp(url);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit Visit day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Property' });
    const label = within(dialog).getByLabelText('Property Label');
    expect(label).toHaveValue('Visit day');
    await user.clear(label);
    await user.type(label, 'first NAME');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Each property needs its own label')).toBeInTheDocument();
    expect(server.patches).toHaveLength(0);

    await user.clear(label);
    await user.type(label, 'Visit date');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Property updated successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.properties.map((property) => property.label)).toEqual([
      'First name',
      'Visit date',
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete First name' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Property' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete First name?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Property deleted successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.properties.map((property) => property.id)).toEqual([
      visitDay.id,
    ]);
    await waitFor(() => expect(screen.queryByText('First name')).not.toBeInTheDocument());
  });

  it('drops the alert conditions on a deleted property, and the alerts left with none (decision 035)', async () => {
    const planId = 'e1b2c3d4-0000-4000-8000-0000000000b1';
    const plan = { id: planId, type: 'Text' as const, label: 'Plan' };
    const onPlan = {
      kind: 'property' as const,
      surveyPropertyId: planId,
      operator: 'equals' as const,
      value: 'Pro',
    };
    const onName = {
      kind: 'property' as const,
      surveyPropertyId: firstNameProperty.id,
      operator: 'contains' as const,
      value: 'a',
    };
    const alert = (id: string, conditions: (typeof onPlan | typeof onName)[]) => ({
      id,
      name: id,
      conditions,
      recipients: ['a@example.com'],
    });
    const { server } = mockTemplateServer(
      buildVersion({
        definition: { properties: [firstNameProperty, plan] },
        settings: { alerts: [alert('Both', [onPlan, onName]), alert('Plan only', [onPlan])] },
      }),
    );
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Property' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Property deleted successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.alerts).toEqual([
      expect.objectContaining({ name: 'Both', conditions: [onName] }),
    ]);
  });
});
