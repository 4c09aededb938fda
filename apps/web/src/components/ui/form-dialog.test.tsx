import { render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/test/api-mock';
import { setupUser } from '@/test/user';
import { FormDialog, sameNames, showServerFieldErrors, useWhenOpened } from './form-dialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <FormDialog
      isOpen
      onOpenChange={onOpenChange}
      title="Add Item"
      formId="item-form"
      onSubmit={onSubmit}
      isSubmitting={false}
      submitLabel="Add Item"
      pendingLabel="Saving..."
      {...props}
    >
      <label>
        Name <input name="name" />
      </label>
    </FormDialog>,
  );
  return { onOpenChange, onSubmit, dialog: within(screen.getByRole('dialog', { name: 'Add Item' })) };
}

describe('FormDialog', () => {
  it('submits its form from the footer button and cancels through onOpenChange', async () => {
    const user = setupUser();
    const { onOpenChange, onSubmit, dialog } = renderDialog();
    expect(dialog.getByLabelText('Name')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says what is happening while submitting, and stays disabled while it cannot submit', () => {
    renderDialog({ isSubmitting: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('keeps the button disabled for an incomplete form or when the form cannot be shown yet', () => {
    const { dialog } = renderDialog({ canSubmit: false });
    expect(dialog.getByRole('button', { name: 'Add Item' })).toBeDisabled();
  });

  it('shows what replaces the form when it is unavailable', () => {
    const { dialog } = renderDialog({ unavailable: <p>Properties must exist first</p> });
    expect(dialog.getByText('Properties must exist first')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add Item' })).toBeDisabled();
  });
});

describe('showServerFieldErrors', () => {
  it("puts the 400's field details on the form's fields it knows, and says whether it did", () => {
    const setError = vi.fn();
    const error = apiError(400, {
      error: 'VALIDATION',
      message: 'Invalid',
      details: { listName: 'Taken', other: 'x' },
    });
    expect(showServerFieldErrors(error, setError, sameNames(['listName', 'listDescription']))).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('listName', { message: 'Taken' });
    expect(showServerFieldErrors(apiError(500), setError, sameNames(['listName']))).toBe(false);
  });
});

describe('useWhenOpened', () => {
  it('runs on each opening, not on each render', () => {
    const start = vi.fn();
    const { rerender } = renderHook(({ isOpen }) => useWhenOpened(isOpen, start), {
      initialProps: { isOpen: false },
    });
    expect(start).not.toHaveBeenCalled();
    rerender({ isOpen: true });
    rerender({ isOpen: true });
    expect(start).toHaveBeenCalledTimes(1);
    rerender({ isOpen: false });
    rerender({ isOpen: true });
    expect(start).toHaveBeenCalledTimes(2);
  });
});
