import type { List } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildItem, buildList, listId } from './list-fixtures';

const listUrl = `/lists/${listId}`;
const itemsPath = `/settings/lists/${listId}/items`;

function withList(list: () => List, handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...handlers,
    get: { '/accounts/startup': () => buildStartup(), [listUrl]: list, ...handlers.get },
  });
}

describe('Items table', () => {
  it('has a column per active property, formats the values and marks archived items', async () => {
    withList(() => buildList());
    renderApp(itemsPath);

    const first = (await screen.findByRole('cell', { name: 'S1' })).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Store code',
      'Head count',
      'Open',
      'Since',
      'Status',
      'Actions',
    ]);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['S1', '12', 'Yes', '05/01/2020', 'Active', 'EditArchive']);
    expect(screen.queryByText('L1')).not.toBeInTheDocument();
    const archived = screen.getByRole('cell', { name: 'S2' }).closest('tr')!;
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Restore S2' })).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 active, 1 archived')).toBeInTheDocument();
  });

  it('archives and restores an item', async () => {
    const calls = withList(() => buildList(), {
      patch: {
        [`${listUrl}/item/${buildItem(1, {}).listItemId}`]: () => buildItem(1, {}, true),
        [`${listUrl}/item/${buildItem(2, {}).listItemId}`]: () => buildItem(2, {}),
      },
    });
    renderApp(itemsPath);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Archive S1' }));
    expect(await screen.findByText('List item archived successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore S2' }));
    expect(await screen.findByText('List item restored successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'patch').map((call) => call.body)).toEqual([
      { isArchived: true },
      { isArchived: false },
    ]);
  });

  it('pages through many items', async () => {
    const listItems = Array.from({ length: 30 }, (_, index) =>
      buildItem(index + 1, { code: `C${index + 1}`, size: index, open: false, since: '2020-01-01' }),
    );
    withList(() => buildList({ listItems }));
    renderApp(itemsPath);

    expect(await screen.findByRole('cell', { name: 'C25' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'C26' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1-25 of 30 items')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('cell', { name: 'C30' })).toBeInTheDocument();
  });
});

describe('Add/Edit Item form', () => {
  it('states that properties must exist first', async () => {
    withList(() => buildList({ listProperties: [], listItems: [] }));
    renderApp(itemsPath);
    const user = setupUser();

    expect(await screen.findByText('Properties must exist first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    expect(within(dialog).getByText('Properties must exist first')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Item' })).toBeDisabled();
  });

  it('shows the typed messages, keeps submit disabled until valid, and sends typed values', async () => {
    const calls = withList(() => buildList(), {
      post: { [`${listUrl}/item`]: () => buildItem(3, {}) },
    });
    renderApp(itemsPath);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    const submit = within(dialog).getByRole('button', { name: 'Add Item' });
    expect(within(dialog).queryByLabelText('Legacy code')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Store code'));
    await user.tab();
    expect(await within(dialog).findByText('Store code is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Head count'), '12x');
    await user.tab();
    expect(await within(dialog).findByText('Head count must be a valid number')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Store code'), 'S9');
    await user.clear(within(dialog).getByLabelText('Head count'));
    await user.type(within(dialog).getByLabelText('Head count'), '7.5');
    await user.type(within(dialog).getByLabelText('Since'), '2024-02-29');
    await user.click(within(dialog).getByLabelText('Open'));
    await waitFor(() => expect(submit).toBeEnabled());
    expect(within(dialog).queryByText('Store code is required')).not.toBeInTheDocument();
    await user.click(submit);

    expect(await screen.findByText('List item created successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      listItemProperties: { code: 'S9', size: '7.5', open: true, since: '2024-02-29' },
    });
  });

  it('edits an item, and puts the server field messages on their fields', async () => {
    const itemUrl = `${listUrl}/item/${buildItem(1, {}).listItemId}`;
    const calls = withList(() => buildList(), {
      patch: {
        [itemUrl]: () => {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'Since must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
            details: { since: 'Since must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)' },
          });
        },
      },
    });
    renderApp(itemsPath);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit S1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(within(dialog).getByLabelText('Store code')).toHaveValue('S1');
    expect(within(dialog).getByLabelText('Open')).toBeChecked();
    await waitFor(() => expect(save).toBeDisabled());

    await user.clear(within(dialog).getByLabelText('Head count'));
    await user.type(within(dialog).getByLabelText('Head count'), '13');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(
      await within(dialog).findByText(
        'Since must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
        { selector: 'p' },
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({
      listItemProperties: { code: 'S1', size: '13', open: true, since: '2020-05-01' },
    });
  });
});
