import type { Account } from '@graphium/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { ChevronDown, LogOut } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useSignOut } from '../api/logout';

function subscribeToConnectivity(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnectivity,
    () => navigator.onLine,
    () => true,
  );
}

function getInitials(account: Account): string {
  return `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toUpperCase();
}

/** The signed-in person with a connection indicator; its dropdown closes on an outside click. */
export function UserMenu({ account }: { account: Account }) {
  const { signOut, isSigningOut } = useSignOut();
  const isOnline = useIsOnline();
  const fullName = `${account.firstName} ${account.lastName}`;
  return (
    // Not modal: a modal menu hides the page from assistive technology while it stays focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`Account menu for ${fullName}, ${isOnline ? 'online' : 'offline'}`}
      >
        <span className="relative">
          <span
            className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800"
            aria-hidden="true"
          >
            {getInitials(account)}
          </span>
          <span
            className={clsx(
              'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-white',
              isOnline ? 'bg-green-500' : 'bg-gray-400',
            )}
            title={isOnline ? 'Online' : 'Offline'}
          />
        </span>
        <span className="hidden max-w-48 truncate sm:inline">{fullName}</span>
        <ChevronDown className="size-4 text-gray-600" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="data-[state=open]:animate-menu-in z-50 w-64 rounded-lg bg-white p-1 shadow-lg ring-1 ring-black/10"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-gray-900">{fullName}</p>
            <p className="truncate text-sm text-gray-600">{account.emailAddress}</p>
            <p className="mt-1 flex items-center gap-1.5 text-xs text-gray-600">
              <span
                className={clsx('size-2 rounded-full', isOnline ? 'bg-green-500' : 'bg-gray-400')}
                aria-hidden="true"
              />
              {isOnline ? 'Online' : 'Offline'}
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item
            disabled={isSigningOut}
            onSelect={() => void signOut()}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none select-none data-disabled:opacity-60 data-highlighted:bg-gray-100"
          >
            <LogOut className="size-4 text-gray-600" aria-hidden="true" />
            {isSigningOut ? 'Signing Out...' : 'Sign Out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
