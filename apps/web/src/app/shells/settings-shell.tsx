import clsx from 'clsx';
import {
  Archive,
  Bell,
  Building2,
  Image,
  KeyRound,
  List,
  Mail,
  ScrollText,
  ShieldCheck,
  Users,
  UserX,
  Webhook,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { useCan } from '@/features/auth/api/use-can';

const sections = [
  { to: '/settings/users', label: 'Users', icon: Users },
  { to: '/settings/lists', label: 'Lists', icon: List },
  { to: '/settings/logo', label: 'Logo', icon: Image },
  { to: '/settings/api-keys', label: 'API Keys', icon: KeyRound },
  { to: '/settings/notifications', label: 'Notifications', icon: Bell },
  { to: '/settings/digests', label: 'Digests', icon: Mail },
  { to: '/settings/security', label: 'Security', icon: ShieldCheck },
  { to: '/settings/single-sign-on', label: 'Single Sign-On', icon: Building2, isAdminOnly: true },
  { to: '/settings/audit-log', label: 'Audit Log', icon: ScrollText, isAdminOnly: true },
  { to: '/settings/webhooks', label: 'Webhooks', icon: Webhook, isAdminOnly: true },
  { to: '/settings/data-retention', label: 'Data Retention', icon: Archive, isAdminOnly: true },
  { to: '/settings/privacy', label: 'Privacy Requests', icon: UserX, isAdminOnly: true },
];

export function SettingsShell() {
  const isAdmin = useCan('admin');
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">Settings</h1>
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
        <nav aria-label="Settings" className="shrink-0 lg:w-56">
          <ul className="flex gap-1 relative overflow-x-auto lg:flex-col">
            {sections
              .filter((section) => isAdmin || !section.isAdminOnly)
              .map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      clsx(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                        'focus-visible:outline-2 focus-visible:outline-indigo-600',
                        isActive
                          ? 'bg-indigo-50 text-indigo-700'
                          : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                      )
                    }
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
