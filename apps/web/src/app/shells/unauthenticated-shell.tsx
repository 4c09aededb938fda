import { BarChart3, Bell, ClipboardList } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useAuthStatus } from '@/features/auth/api/get-startup';
import { FullPageConnectionError, FullPageLoading } from './full-page-status';

/** Route handle letting a signed-in person stay on a public page (e.g. "Complete Your Sign Up"). */
export type UnauthenticatedRouteHandle = {
  allowsSignedIn?: (searchParams: URLSearchParams) => boolean;
};

const highlights = [
  { icon: ClipboardList, text: 'Build survey templates and send them by email or text message.' },
  { icon: BarChart3, text: 'Follow responses, scores and benchmarks as they arrive.' },
  { icon: Bell, text: 'Get alerted when an answer needs your attention.' },
];

export function UnauthenticatedShell() {
  const auth = useAuthStatus();
  const location = useLocation();
  const matches = useMatches();

  if (auth.status === 'loading') return <FullPageLoading />;
  if (auth.status === 'error') return <FullPageConnectionError onRetry={auth.retry} />;
  if (auth.status === 'authenticated') {
    const searchParams = new URLSearchParams(location.search);
    const allowsSignedIn = matches.some((match) =>
      (match.handle as UnauthenticatedRouteHandle | undefined)?.allowsSignedIn?.(searchParams),
    );
    if (!allowsSignedIn) return <Navigate to="/dashboard" replace />;
  }

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <aside className="bg-linear-to-br from-indigo-700 to-indigo-900 px-6 py-6 text-white lg:flex lg:flex-col lg:px-12 lg:py-10">
        <Link to="/" className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-white">
          <Logo inverted />
        </Link>
        <div className="lg:my-auto">
          <h2 className="mt-4 text-xl font-bold tracking-tight lg:mt-0 lg:text-4xl">Surveys</h2>
          <div className="hidden lg:block">
            <p className="mt-4 max-w-md text-lg text-indigo-100">
              Ask the right questions, reach the right people and act on what they tell you.
            </p>
            <ul className="mt-10 space-y-5">
              {highlights.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-start gap-3 text-indigo-50">
                  <Icon className="mt-0.5 size-5 shrink-0 text-indigo-200" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="hidden text-sm text-indigo-200 lg:block">© {new Date().getFullYear()} Graphium</p>
      </aside>
      <main className="flex items-start justify-center px-4 py-10 sm:px-6 lg:items-center lg:py-12">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
