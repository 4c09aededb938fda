import type { StartupResponse } from '@graphium/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { switchWorkspace } from '@/features/auth/api/switch-workspace';
import { CustomerLogo } from '@/features/logo/components/customer-logo';

/**
 * For a member of several workspaces, the header's workspace menu: the current one's logo and
 * name, and the list of theirs with the current one marked; choosing one opens its dashboard
 * (docs/decisions/015).
 */
export function WorkspaceSwitcher({ startup }: { startup: StartupResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSwitching, setIsSwitching] = useState(false);
  const [current, ...others] = startup.workspaces;
  if (!current || others.length === 0) return null;

  const choose = async (workspace: StartupResponse['workspaces'][number]) => {
    if (workspace.workspaceId === current.workspaceId) return;
    setIsSwitching(true);
    try {
      await navigate('/dashboard');
      await switchWorkspace(queryClient, startup.account.accountId, workspace);
    } finally {
      setIsSwitching(false);
    }
  };

  return (
    // Not modal: a modal menu hides the page from assistive technology while it stays focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={isSwitching}
        className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`Workspace: ${current.workspaceName}. Switch workspace`}
      >
        <CustomerLogo customerName={current.workspaceName} />
        <span className="max-w-24 truncate sm:max-w-40">{current.workspaceName}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-gray-600" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="data-[state=open]:animate-menu-in z-50 max-h-80 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/10"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            Your workspaces
          </DropdownMenu.Label>
          {startup.workspaces.map((workspace) => {
            const isCurrent = workspace.workspaceId === current.workspaceId;
            return (
              <DropdownMenu.Item
                key={workspace.workspaceId}
                onSelect={() => void choose(workspace)}
                aria-current={isCurrent ? 'true' : undefined}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none select-none data-highlighted:bg-gray-100"
              >
                <Check
                  className={isCurrent ? 'size-4 shrink-0 text-indigo-700' : 'size-4 shrink-0 opacity-0'}
                  aria-hidden="true"
                />
                <span className="min-w-0 wrap-anywhere">{workspace.workspaceName}</span>
                <span className="ml-auto shrink-0 text-xs text-gray-600 capitalize">{workspace.role}</span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
