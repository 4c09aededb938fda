import { ArrowRight, Bell, ClipboardList, LayoutTemplate, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useSignOut } from '@/features/auth/api/logout';
import { DashboardInsights } from '@/features/dashboard/components/dashboard-insights';
import { SubscribeDigestButton } from '@/features/report-digests/components/subscribe-digest-button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const startup = useCurrentStartup();
  const { signOut, isSigningOut } = useSignOut();
  if (!startup) return null;

  const { account, workspaces } = startup;
  const isProviderWorkspace = workspaces[0]?.isGraphiumWorkspace ?? false;
  const destinations = [
    ...(isProviderWorkspace
      ? [
          {
            to: '/base-survey-templates',
            title: 'Base Survey Templates',
            description: 'Maintain the templates every workspace can start from.',
            icon: LayoutTemplate,
          },
        ]
      : []),
    {
      to: '/survey-templates',
      title: 'Survey Templates',
      description: 'Build surveys, publish them and send them to your audience.',
      icon: ClipboardList,
    },
    {
      to: '/alerts',
      title: 'Alerts',
      description: 'See the responses that met your alert conditions.',
      icon: Bell,
    },
    {
      to: '/settings',
      title: 'Settings',
      description: 'Manage users, lists, your logo and API keys.',
      icon: Settings,
    },
  ];

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">
            Welcome, {account.firstName} {account.lastName}
          </h1>
          {account.businessName && <p className="mt-1 text-base text-gray-600">{account.businessName}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SubscribeDigestButton scopeName="the dashboard (every survey template)" />
          <Button variant="secondary" onClick={() => void signOut()} disabled={isSigningOut}>
            <LogOut className="size-4" aria-hidden="true" />
            {isSigningOut ? 'Signing Out...' : 'Sign Out'}
          </Button>
        </div>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {destinations.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 transition hover:shadow-md hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="mt-4 text-base font-semibold text-gray-900">{title}</span>
              <span className="mt-1 flex-1 text-sm text-gray-600">{description}</span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700">
                Open
                <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <DashboardInsights />
    </div>
  );
}
