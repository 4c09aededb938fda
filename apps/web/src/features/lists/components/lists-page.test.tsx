import type { ListSummary, ListsResponse } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { buildList, listId } from './list-fixtures';

function summary(index: number, overrides: Partial<ListSummary> = {}): ListSummary {
  return {
    listId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    listName: `List ${index}`,
    listDescription: '',
    listState: 'DRAFT',
    listPropertiesCount: index,
    listItemsCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const lists = (count: number): ListsResponse => ({
  lists: Array.from({ length: count }, (_, index) => summary(index + 1)),
});

describe('Lists settings page', () => {
  it('shows name, property count and a coloured status badge; a row opens the list', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({
          lists: [
            summary(1, { listId, listName: 'Stores', listState: 'PUBLISHED', listPropertiesCount: 4 }),
            summary(2, { listName: 'Regions', listState: 'DRAFT' }),
            summary(3, { listName: 'Old', listState: 'UNPUBLISHED' }),
            summary(4, { listName: 'Gone', listState: 'ARCHIVED' }),
          ],
        }),
        [`/lists/${listId}`]: () => buildList(),
      },
    });
    const { router } = renderApp('/settings/lists');

    const storesRow = (await screen.findByRole('link', { name: 'Stores' })).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'List Name',
      'Properties',
      'Status',
      'Edit',
    ]);
    expect(within(storesRow).getByText('4')).toBeInTheDocument();
    expect(within(storesRow).getByText('Published')).toHaveClass('bg-green-50');
    expect(screen.getByText('Draft')).toHaveClass('bg-yellow-50');
    expect(screen.getByText('Unpublished')).toHaveClass('bg-red-50');
    expect(screen.getByText('Archived')).toHaveClass('bg-gray-100');

    await setupUser().click(within(storesRow).getByText('4'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/lists/${listId}/items`));
  });

  it('shows 5 placeholder rows while loading, then pages by 10', async () => {
    let answer: (value: ListsResponse) => void = () => undefined;
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => new Promise<ListsResponse>((resolve) => (answer = resolve)),
      },
    });
    renderApp('/settings/lists');

    expect(await screen.findByText('Loading lists...')).toBeInTheDocument();
    expect(screen.getAllByTestId('list-placeholder-row')).toHaveLength(5);
    answer(lists(23));

    expect(await screen.findByRole('link', { name: 'List 1' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('list-placeholder-row')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1-10 of 23 lists')).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21-23 of 23 lists')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List 23' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'List 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the load error with Try Again, which loads again', async () => {
    let attempts = 0;
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => {
          attempts += 1;
          if (attempts === 1) throw apiError(403, { error: 'FORBIDDEN', message: 'Not allowed' });
          return lists(1);
        },
      },
    });
    renderApp('/settings/lists');

    expect(await screen.findByText('Unable to load lists')).toBeInTheDocument();
    expect(
      screen.getByText('There was an error loading your lists. Please check your connection and try again.'),
    ).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'List 1' })).toBeInTheDocument();
  });

  it('checks the Create List form, sends the list and opens it', async () => {
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({ lists: [] }),
        [`/lists/${listId}`]: () => buildList({ listProperties: [], listItems: [] }),
      },
      post: { '/lists/': () => buildList({ listProperties: [], listItems: [] }) },
    });
    const { router } = renderApp('/settings/lists');
    const user = setupUser();

    expect(await screen.findByText('No lists yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create List' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create List' });
    const submit = within(dialog).getByRole('button', { name: 'Create List' });
    const name = within(dialog).getByLabelText('List Name');

    await user.click(submit);
    expect(await within(dialog).findByText('List name is required')).toBeInTheDocument();
    await user.type(name, 'S');
    await user.click(submit);
    expect(await within(dialog).findByText('List name must be at least 2 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'x'.repeat(100));
    await user.click(submit);
    expect(await within(dialog).findByText('List name must be less than 100 characters')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, ' Stores ');
    await user.click(submit);
    expect(await screen.findByText('List created successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      listName: 'Stores',
      listDescription: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/lists/${listId}/properties`));
  });

  it('shows the fallback message when creating fails and keeps the dialog open', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/lists/': () => lists(1) },
      post: {
        '/lists/': () => {
          throw apiError(500);
        },
      },
    });
    renderApp('/settings/lists');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Create List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create List' });
    await user.type(within(dialog).getByLabelText('List Name'), 'Stores');
    await user.click(within(dialog).getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Failed to create list.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create List' })).toBeInTheDocument();
  });

  it('lets a viewer read the lists but not create or edit them', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }), '/lists/': () => lists(2) },
    });
    renderApp('/settings/lists');
    expectBlockedWithReason(
      await screen.findByRole('button', { name: 'Edit List 1' }),
      "Viewers can't edit lists. Ask an admin for the editor role.",
    );
    const create = screen.getByRole('button', { name: 'Create List' });
    expectBlockedWithReason(create, "Viewers can't create lists. Ask an admin for the editor role.");
    await setupUser().click(create);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an editor create and edit lists', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup({ role: 'editor' }), '/lists/': () => lists(2) },
    });
    renderApp('/settings/lists');
    const edit = await screen.findByRole('button', { name: 'Edit List 1' });
    expect(edit).not.toHaveAttribute('aria-disabled');
    await setupUser().click(screen.getByRole('button', { name: 'Create List' }));
    expect(screen.getByRole('dialog', { name: 'Create List' })).toBeInTheDocument();
  });
});
