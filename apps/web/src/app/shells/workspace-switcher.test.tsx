import type { StartupResponse } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

const other = {
  workspaceId: 'a1b2c3d4-0000-4000-8000-00000000aaaa',
  workspaceName: 'Difference Works',
  customerId: 'a1b2c3d4-0000-4000-8000-00000000cccc',
  role: 'viewer' as const,
  isGraphiumWorkspace: false,
  deletionDueAt: null,
};

/** The server orders the chosen workspace (the x-workspace-id cookie) first, as it does. */
function startupFor(): StartupResponse {
  const startup = buildStartup();
  const chosen = document.cookie.includes(`x-workspace-id=${other.workspaceId}`);
  return { ...startup, workspaces: chosen ? [other, ...startup.workspaces] : [...startup.workspaces, other] };
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'x-workspace-id=; path=/; max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'x-customer-id=; path=/; max-age=0';
  window.localStorage.clear();
});

describe('Workspace switcher', () => {
  it('lists the workspaces with the current one marked, switches, remembers and reads the new one afresh', async () => {
    let alertReads = 0;
    mockApi({
      get: {
        '/accounts/startup': startupFor,
        '/survey-alerts/': () => {
          alertReads += 1;
          return { surveyAlerts: [] };
        },
      },
    });
    const { router } = renderApp('/alerts');
    const user = setupUser();
    const trigger = await screen.findByRole('button', {
      name: 'Workspace: Analytical Engines. Switch workspace',
    });
    await waitFor(() => expect(alertReads).toBe(1));
    await user.click(trigger);
    const menu = within(await screen.findByRole('menu'));
    const items = menu.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Analytical Enginesadmin',
      'Difference Worksviewer',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    await user.click(menu.getByRole('menuitem', { name: /Difference Works/ }));

    expect(
      await screen.findByRole('button', { name: 'Workspace: Difference Works. Switch workspace' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(document.cookie).toContain(`x-workspace-id=${other.workspaceId}`);
    expect(window.localStorage.getItem(`graphium:workspace:${buildStartup().account.accountId}`)).toBe(
      other.workspaceId,
    );
    // Nothing of the previous workspace is kept: the alerts are read again for the new one.
    await router.navigate('/alerts');
    await waitFor(() => expect(alertReads).toBe(2));
  });

  it('shows no switcher to a member of one workspace', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch workspace/ })).not.toBeInTheDocument();
  });

  it('replaces a cookie naming a workspace the person has left with the one the startup chose', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'x-workspace-id=a1b2c3d4-0000-4000-8000-00000000dead; path=/';
    const startup = buildStartup();
    mockApi({ get: { '/accounts/startup': () => startup } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(document.cookie).toContain(`x-workspace-id=${startup.workspaces[0]!.workspaceId}`);
    expect(document.cookie).toContain(`x-customer-id=${startup.workspaces[0]!.customerId}`);
  });
});
