import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { Paginator } from './paginator';

function renderPaginator(page: number, totalPages: number, pageSize = 25) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Paginator
      page={page}
      pageSize={pageSize}
      total={totalPages * pageSize - 3}
      totalPages={totalPages}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  const nav = screen.queryByRole('navigation', { name: 'Pagination' });
  // The ellipses are hidden from assistive technology, so they are read from the markup.
  const numbers = nav
    ? [...nav.querySelectorAll('li')].map((item) => item.textContent).filter((text) => text !== '')
    : [];
  return { onPageChange, onPageSizeChange, nav, numbers };
}

describe('Paginator', () => {
  it.each([
    [2, 'Showing 11 to 20 of 37 results'],
    [4, 'Showing 31 to 37 of 37 results'],
  ])('says which rows page %i shows', (page, text) => {
    renderPaginator(page, 4, 10);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('shows every page number up to 7 pages', () => {
    const { numbers } = renderPaginator(3, 7);
    expect(numbers).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('shows first, last and current ± 1 with ellipses beyond 7 pages', () => {
    const { numbers } = renderPaginator(10, 20);
    expect(numbers).toEqual(['1', '…', '9', '10', '11', '…', '20']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  });

  it('leaves out the ellipsis where no page is skipped', () => {
    const { numbers } = renderPaginator(2, 9);
    expect(numbers).toEqual(['1', '2', '3', '…', '9']);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    renderPaginator(1, 3);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('moves by first, previous, number, next and last', async () => {
    const user = setupUser();
    const { onPageChange } = renderPaginator(5, 12);
    for (const name of ['First page', 'Previous page', 'Page 6', 'Next page', 'Last page']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 6, 6, 12]);
  });

  it('offers the page sizes 10, 25, 50 and 100', async () => {
    const user = setupUser();
    const { onPageSizeChange } = renderPaginator(1, 2);
    const select = screen.getByLabelText('Rows per page');
    expect(select).toHaveValue('25');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('hides the page buttons when everything fits on one page', () => {
    const { nav } = renderPaginator(1, 1);
    expect(nav).toBeNull();
    expect(screen.getByText('Showing 1 to 22 of 22 results')).toBeInTheDocument();
  });
});
