import clsx from 'clsx';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useAuthStatus } from '@/features/auth/api/get-startup';
import { UserMenu } from '@/features/auth/components/user-menu';
import { WorkspaceDeletionNotice } from '@/features/data-retention/components/workspace-deletion-notice';
import { CustomerLogo } from '@/features/logo/components/customer-logo';
import { RequiredEnrolment } from '@/features/security/components/required-enrolment';
import { AuthPage } from './auth-page';
import { FullPageConnectionError, FullPageLoading } from './full-page-status';
import { WorkspaceSwitcher } from './workspace-switcher';

type NavigationEntry = { to: string; label: string };

function getNavigation(isProviderWorkspace: boolean): NavigationEntry[] {
  return [
    { to: '/dashboard', label: 'Dashboard' },
    // docs/product-rules.md#accounts-and-sign-in: base survey templates belong to the provider workspace
    // only.
    ...(isProviderWorkspace ? [{ to: '/base-survey-templates', label: 'Base Surveys' }] : []),
    { to: '/survey-templates', label: 'Surveys' },
    { to: '/alerts', label: 'Alerts' },
    { to: '/contacts', label: 'Contacts' },
    { to: '/settings', label: 'Settings' },
  ];
}

export function AuthenticatedShell() {
  const auth = useAuthStatus();
  const location = useLocation();

  if (auth.status === 'loading') return <FullPageLoading />;
  if (auth.status === 'error') return <FullPageConnectionError onRetry={auth.retry} />;
  if (auth.status === 'unauthenticated') {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }

  const { account, workspaces, twoFactor } = auth.startup;
  // The workspace requires two-factor sign-in and this member has not set it up: nothing else
  // until they have (docs/decisions/018-two-factor-and-sessions.md).
  if (twoFactor.isRequired && !twoFactor.isEnabled) {
    return (
      <main id="main-content" className="mx-auto w-full max-w-xl px-4 py-12">
        <AuthPage
          title="Set up two-factor sign-in"
          description={`${workspaces[0]?.workspaceName ?? 'Your workspace'} requires two-factor sign-in. Set it up to continue.`}
        >
          <RequiredEnrolment />
        </AuthPage>
      </main>
    );
  }
  const current = workspaces[0];
  // A workspace waiting to be deleted shows only when it goes and, to its admins, Restore
  // (docs/decisions/044-retention-and-deletions.md); the header still switches workspace.
  const deletionDueAt = current?.deletionDueAt ?? null;
  const navigation = deletionDueAt ? [] : getNavigation(current?.isGraphiumWorkspace ?? false);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-indigo-700 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-8 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <NavLink
              to="/dashboard"
              className="flex items-center gap-3 rounded-md py-3 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Logo />
              {workspaces.length === 1 && <CustomerLogo customerName={workspaces[0]?.workspaceName} />}
            </NavLink>
            {workspaces.length > 1 && <WorkspaceSwitcher startup={auth.startup} />}
          </div>
          <nav
            aria-label="Main"
            className="order-last -mx-4 w-[calc(100%+2rem)] relative overflow-x-auto px-4 md:order-none md:mx-0 md:w-auto md:flex-1 md:px-0"
          >
            <ul className="flex gap-1">
              {navigation.map((entry) => (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    className={({ isActive }) =>
                      clsx(
                        'block border-b-2 px-3 py-4 text-sm font-medium whitespace-nowrap transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-indigo-600',
                        isActive
                          ? 'border-indigo-600 text-indigo-700'
                          : 'border-transparent text-gray-700 hover:border-gray-300 hover:text-gray-900',
                      )
                    }
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto py-2">
            <UserMenu account={account} />
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
      >
        {current && deletionDueAt ? (
          <WorkspaceDeletionNotice
            workspaceName={current.workspaceName}
            deletionDueAt={deletionDueAt}
            isAdmin={current.role === 'admin'}
          />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
