import type { StartupResponse } from '@graphium/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readCookie } from '@/lib/cookies';

type WorkspaceChoice = Pick<StartupResponse['workspaces'][number], 'workspaceId' | 'customerId'>;

const rememberedKey = (accountId: string) => `graphium:workspace:${accountId}`;
const yearSeconds = 365 * 24 * 60 * 60;

/** The context cookies the API client echoes as headers: they choose among the person's workspaces. */
function writeContextCookie(name: string, value: string) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${yearSeconds}; samesite=lax${secure}`;
}

function writeWorkspaceCookies(workspace: WorkspaceChoice) {
  writeContextCookie('x-workspace-id', workspace.workspaceId);
  writeContextCookie('x-customer-id', workspace.customerId);
}

function remember(accountId: string, workspaceId: string) {
  try {
    window.localStorage.setItem(rememberedKey(accountId), workspaceId);
  } catch {
    // Storage may be off (private mode): the cookie still holds the choice for this session.
  }
}

function remembered(accountId: string): string | undefined {
  try {
    return window.localStorage.getItem(rememberedKey(accountId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Acts in another of the person's workspaces from now on (remembered in this browser): every
 * cached answer of the previous workspace is dropped before the new one is read, so nothing of it
 * shows after the switch (docs/decisions/015).
 */
export async function switchWorkspace(
  queryClient: QueryClient,
  accountId: string,
  workspace: WorkspaceChoice,
): Promise<void> {
  writeWorkspaceCookies(workspace);
  remember(accountId, workspace.workspaceId);
  // Reset, not clear: the screens on show keep listening and read their data again, from empty.
  await queryClient.resetQueries();
}

/**
 * After signing in: the workspace this browser last chose for the account, when it is still one
 * of theirs and not already the one chosen.
 */
export async function restoreRememberedWorkspace(
  queryClient: QueryClient,
  startup: StartupResponse | null,
): Promise<void> {
  if (!startup) return;
  const wanted = remembered(startup.account.accountId);
  const current = startup.workspaces[0]?.workspaceId;
  const workspace = startup.workspaces.find((item) => item.workspaceId === wanted);
  if (workspace && workspace.workspaceId !== current) {
    await switchWorkspace(queryClient, startup.account.accountId, workspace);
  }
}

/**
 * The server acts only in a workspace the header names among the person's own (another answers
 * 404), and the startup reply falls back to the oldest: a cookie naming a workspace the person has
 * left is replaced by the one the startup chose, so the calls that follow do not fail.
 */
export function alignWorkspaceCookie(startup: StartupResponse | null): void {
  const current = startup?.workspaces[0];
  if (current && readCookie('x-workspace-id') !== current.workspaceId) writeWorkspaceCookies(current);
}
