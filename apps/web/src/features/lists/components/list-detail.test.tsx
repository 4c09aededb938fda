import type { List } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { buildList, listId, storeProperties } from './list-fixtures';

const listUrl = `/lists/${listId}`;

function withList(list: () => List, handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...handlers,
    get: {
      '/accounts/startup': () => buildStartup(),
      '/lists/': () => ({ lists: [] }),
      [listUrl]: list,
      ...handlers.get,
    },
  });
}

describe('List detail', () => {
  it('shows a viewer every change blocked with the reason; an editor uses them', async () => {
    const reason = (action: string) => `Viewers can't ${action}. Ask an admin for the editor role.`;
    const calls = withList(() => buildList(), {
      get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }) },
    });
    const viewer = renderApp(`/settings/lists/${listId}/items`);
    const edit = await screen.findByRole('button', { name: 'Edit List' });
    expectBlockedWithReason(edit, reason('edit lists'));
    expectBlockedWithReason(screen.getByRole('button', { name: 'Archive' }), reason('archive lists'));
    expectBlockedWithReason(screen.getByRole('button', { name: 'Publish' }), reason('publish lists'));
    expectBlockedWithReason(await screen.findByRole('button', { name: 'Add Item' }), reason('add items'));
    expectBlockedWithReason(screen.getByRole('button', { name: 'Import CSV' }), reason('import items'));
    await setupUser().click(edit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'get')).toEqual([]);
    viewer.unmount();

    withList(() => buildList(), { get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp(`/settings/lists/${listId}/items`);
    const addItem = await screen.findByRole('button', { name: 'Add Item' });
    expect(screen.getByRole('button', { name: 'Edit List' })).not.toHaveAttribute('aria-disabled');
    await setupUser().click(addItem);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows the back link, name, badge and description; tabs follow the URL', async () => {
    withList(() => buildList());
    const { router } = renderApp(`/settings/lists/${listId}`);

    expect(await screen.findByRole('heading', { name: 'Stores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Lists' })).toHaveAttribute('href', '/settings/lists');
    expect(screen.getByText('Draft')).toHaveClass('bg-yellow-50');
    expect(screen.getByText('Our shops')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/lists/${listId}/items`);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Items' })).toHaveAttribute('aria-current', 'page'),
    );

    await setupUser().click(screen.getByRole('link', { name: 'Properties' }));
    expect(router.state.location.pathname).toBe(`/settings/lists/${listId}/properties`);
    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Properties' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "List not found" for an unknown list and "Error loading list: ..." otherwise', async () => {
    withList(() => {
      throw apiError(404, { error: 'NOT_FOUND', message: 'List not found' });
    });
    const first = renderApp(`/settings/lists/${listId}/properties`);
    expect(await screen.findByText('List not found')).toBeInTheDocument();
    first.unmount();

    withList(() => {
      throw apiError(403, { error: 'FORBIDDEN', message: 'Not yours' });
    });
    renderApp(`/settings/lists/${listId}`);
    expect(await screen.findByText('Error loading list: Not yours')).toBeInTheDocument();
  });

  it('publishes and then offers Unpublish', async () => {
    let list = buildList();
    const calls = withList(() => list, {
      patch: {
        [`${listUrl}/state`]: (body) => {
          list = { ...list, listState: (body as { stateCode: List['listState'] }).stateCode };
          return list;
        },
      },
    });
    renderApp(`/settings/lists/${listId}`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('List published successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ stateCode: 'PUBLISHED' });
    expect(screen.getByText('Published')).toHaveClass('bg-green-50');
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('List unpublished successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'patch').at(-1)?.body).toEqual({
      stateCode: 'UNPUBLISHED',
    });
  });

  it('archives only after confirmation, then locks the list', async () => {
    let list = buildList();
    const calls = withList(() => list, {
      patch: {
        [`${listUrl}/state`]: () => {
          list = { ...list, listState: 'ARCHIVED' };
          return list;
        },
      },
    });
    renderApp(`/settings/lists/${listId}`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive List' });
    expect(within(dialog).getByText('Are you sure you want to archive Stores?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'patch')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Archive List' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByText('List archived successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ stateCode: 'ARCHIVED' });
    expect(await screen.findByText('This list is archived')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
  });

  it('edits the name and description in the Edit List dialog', async () => {
    const calls = withList(() => buildList(), {
      patch: { [listUrl]: (body) => ({ ...buildList(), ...(body as object) }) },
    });
    renderApp(`/settings/lists/${listId}`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit List' });
    const name = within(dialog).getByLabelText('List Name');
    expect(name).toHaveValue('Stores');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('List name is required')).toBeInTheDocument();
    await user.type(name, 'Shops');
    await user.clear(within(dialog).getByLabelText('Description (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('List updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({
      listName: 'Shops',
      listDescription: '',
    });
    expect(await screen.findByRole('heading', { name: 'Shops' })).toBeInTheDocument();
  });
});

describe('Properties tab', () => {
  it('lists the properties, marks the default label with an eye and shows Active/Inactive', async () => {
    withList(() => buildList());
    renderApp(`/settings/lists/${listId}/properties`);

    const codeRow = (await screen.findByText('Store code')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Display Name',
      'Type',
      'Description',
      'Status',
      'Edit',
    ]);
    expect(within(codeRow).getByText('(default label)')).toBeInTheDocument();
    expect(within(screen.getByText('Head count').closest('tr')!).queryByText('(default label)')).toBeNull();
    expect(within(screen.getByText('Head count').closest('tr')!).getByText('Number')).toBeInTheDocument();
    expect(within(screen.getByText('Legacy code').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(within(codeRow).getByText('Active')).toBeInTheDocument();
  });

  it('checks the Add Property form and sends the property with its type and flags', async () => {
    const calls = withList(() => buildList(), {
      post: {
        [`${listUrl}/property`]: (body) => ({
          id: 'new',
          ...(body as { listProperty: object }).listProperty,
        }),
      },
    });
    renderApp(`/settings/lists/${listId}/properties`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Add Property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Property' });
    const submit = within(dialog).getByRole('button', { name: 'Add Property' });
    await user.click(submit);
    expect(await within(dialog).findByText('Property name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Display name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Active/)).toBeChecked();
    expect(within(dialog).getByLabelText(/^Default label/)).not.toBeChecked();

    await user.type(within(dialog).getByLabelText('Property Name'), 'opened');
    await user.type(within(dialog).getByLabelText('Display Name'), 'Opened on');
    await user.type(within(dialog).getByLabelText('Description'), 'Opening day');
    await user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Date' }));
    await user.click(within(dialog).getByLabelText(/^Default label/));
    expect(
      within(dialog).getByText('Choosing it replaces Store code as the default label.'),
    ).toBeInTheDocument();
    await user.click(submit);

    expect(await screen.findByText('List property created successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      listProperty: {
        name: 'opened',
        displayName: 'Opened on',
        description: 'Opening day',
        type: 'DATE',
        active: true,
        isDefaultLabel: true,
      },
    });
  });

  it("edits a property and shows the server's refusal", async () => {
    const calls = withList(() => buildList(), {
      patch: {
        [`${listUrl}/property/${storeProperties[1]!.id}`]: () => {
          throw apiError(409, {
            error: 'CONFLICT',
            message: 'A property named "code" already exists in this list.',
          });
        },
      },
    });
    renderApp(`/settings/lists/${listId}/properties`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit Head count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Property' });
    expect(within(dialog).getByLabelText('Property Name')).toHaveValue('size');
    await user.clear(within(dialog).getByLabelText('Property Name'));
    await user.type(within(dialog).getByLabelText('Property Name'), 'code');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('A property named "code" already exists in this list.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toMatchObject({
      listProperty: { name: 'code', type: 'NUMBER' },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Property' })).toBeInTheDocument();
  });
});
