import {
  type CustomerLogo,
  logoMaxBytes,
  logoSizeErrorMessage,
  logoTypeErrorMessage,
} from '@graphium/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { logoQueryOptions } from '../api/get-logo';

const currentLogo: CustomerLogo = {
  url: `/api/logos/${'a'.repeat(64)}`,
  contentType: 'image/png',
  size: 2048,
  updatedAt: '2025-03-04T15:06:00.000Z',
};
const newLogo: CustomerLogo = { ...currentLogo, url: `/api/logos/${'b'.repeat(64)}`, size: 68 };

const noLogo = (): never => {
  throw apiError(404, { error: 'NOT_FOUND', message: 'No logo uploaded yet' });
};

const pngFile = (name = 'acme.png', size = 68) =>
  new File([new Uint8Array(size).fill(7)], name, { type: 'image/png' });

function fileInput() {
  return screen.getByLabelText('Choose a logo file');
}

/** The message shows twice: inline (described on the file input) and in a toast. */
async function expectInlineAndToast(message: string) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
}

describe('Logo settings', () => {
  it('shows an empty state when there is no logo, with Save disabled until a file is chosen', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/settings/logo');

    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Logo', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Logo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.webp'));
  });

  it('shows the current logo with its format, size and date', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': () => currentLogo } });
    renderApp('/settings/logo');

    const image = await screen.findByRole('img', { name: 'Current logo' });
    expect(image).toHaveAttribute('src', `http://localhost:3000${currentLogo.url}`);
    expect(screen.getByText('PNG')).toBeInTheDocument();
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.getByText(/^03\/04\/2025, \d{1,2}:06 (AM|PM)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Logo' })).toBeInTheDocument();
  });

  it('lets a non-admin look but not change the logo', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/customers/logo': () => currentLogo,
      },
    });
    renderApp('/settings/logo');

    expect(await screen.findByRole('img', { name: 'Current logo' })).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete Logo' });
    expectBlockedWithReason(remove, 'Only admins can delete the logo. Ask an admin if you need this.');
    await setupUser().click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a logo file')).not.toBeInTheDocument();
    expect(screen.getByText('Only workspace admins can upload or delete the logo.')).toBeInTheDocument();
  });

  it('refuses a file of the wrong type in the browser, inline and in a toast, without uploading', async () => {
    const calls = mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/settings/logo');
    const user = setupUser({ applyAccept: false });

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    await expectInlineAndToast(logoTypeErrorMessage);
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(logoTypeErrorMessage));
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it('refuses a file over 2 MB in the browser', async () => {
    const calls = mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/settings/logo');
    const user = setupUser();

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), pngFile('huge.png', logoMaxBytes + 1));

    await expectInlineAndToast(logoSizeErrorMessage);
    expect(screen.queryByRole('img', { name: /^Preview of/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it('previews a chosen file before saving, and Cancel discards it', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/settings/logo');
    const user = setupUser();

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), pngFile());

    const preview = await screen.findByRole('img', { name: 'Preview of acme.png' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('68 bytes · not saved yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('img', { name: 'Preview of acme.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('takes a file dropped on the drop zone', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/settings/logo');

    await screen.findByText('No logo yet');
    const zone = screen.getByText('or drag and drop it here').closest('label');
    if (!zone) throw new Error('no drop zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [pngFile('dropped.png')] } });

    expect(await screen.findByRole('img', { name: 'Preview of dropped.png' })).toBeInTheDocument();
  });

  it('uploads the file in the logo field, then shows it as the current logo', async () => {
    let uploaded: CustomerLogo | undefined;
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/customers/logo': () => uploaded ?? noLogo(),
      },
      post: {
        '/customers/logo/upload': () => {
          uploaded = newLogo;
          return newLogo;
        },
      },
    });
    renderApp('/settings/logo');
    const user = setupUser();

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), pngFile());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Logo uploaded successfully!')).toBeInTheDocument();
    const body = calls.find((call) => call.url === '/customers/logo/upload')?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('logo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('acme.png');
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      `http://localhost:3000${newLogo.url}`,
    );
    expect(screen.queryByRole('img', { name: /^Preview of/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal inline and in a toast", async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo },
      post: {
        '/customers/logo/upload': () => {
          throw apiError(413, { error: 'TOO_LARGE', message: logoSizeErrorMessage });
        },
      },
    });
    renderApp('/settings/logo');
    const user = setupUser();

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), pngFile());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectInlineAndToast(logoSizeErrorMessage);
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(logoSizeErrorMessage));
  });

  it('falls back to "Failed to upload logo" when the server gives no message', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo },
      post: {
        '/customers/logo/upload': () => {
          throw apiError(502);
        },
      },
    });
    renderApp('/settings/logo');
    const user = setupUser();

    await screen.findByText('No logo yet');
    await user.upload(fileInput(), pngFile());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectInlineAndToast('Failed to upload logo');
  });

  it('deletes the logo only after confirmation', async () => {
    let hasLogo = true;
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/customers/logo': () => (hasLogo ? currentLogo : noLogo()),
      },
      delete: {
        '/customers/logo': () => {
          hasLogo = false;
          return { message: 'Logo deleted successfully.' };
        },
      },
    });
    renderApp('/settings/logo');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Delete Logo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Logo' });
    expect(within(dialog).getByText('Are you sure you want to delete the current logo?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'delete')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Logo' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Logo' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Logo deleted successfully.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'delete')).toHaveLength(1);
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open and says "Failed to delete logo" when deleting fails', async () => {
    mockApi({
      get: { '/accounts/startup': () => buildStartup(), '/customers/logo': () => currentLogo },
      delete: {
        '/customers/logo': () => {
          throw apiError(500);
        },
      },
    });
    renderApp('/settings/logo');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Delete Logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Logo' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText('Failed to delete logo')).toBeInTheDocument();
    await expectInlineAndToast('Failed to delete logo');
    expect(screen.getByAltText('Current logo')).toBeInTheDocument();
  });
});

describe('the customer logo in the app header', () => {
  it('appears beside the product mark once uploaded', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': () => currentLogo } });
    renderApp('/dashboard');

    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('img', { name: 'Analytical Engines logo' })).toHaveAttribute(
      'src',
      `http://localhost:3000${currentLogo.url}`,
    );
  });

  it('is absent without a logo', async () => {
    const calls = mockApi({ get: { '/accounts/startup': () => buildStartup(), '/customers/logo': noLogo } });
    renderApp('/dashboard');

    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(calls.some((call) => call.url === '/customers/logo')).toBe(true));
    expect(within(banner).queryByRole('img')).not.toBeInTheDocument();
    expect(within(banner).getByText('Graphium')).toBeInTheDocument();
  });
});

describe('fetching the logo', () => {
  it('does not retry a 404 and retries other failures up to 3 times', () => {
    const retry = logoQueryOptions().retry as (failureCount: number, error: unknown) => boolean;
    expect(retry(0, apiError(404))).toBe(false);
    expect(retry(0, apiError(503))).toBe(true);
    expect(retry(2, apiError(503))).toBe(true);
    expect(retry(3, apiError(503))).toBe(false);
  });
});
