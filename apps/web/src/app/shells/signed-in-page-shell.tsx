import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStatus } from '@/features/auth/api/get-startup';
import { FullPageConnectionError, FullPageLoading } from './full-page-status';

/**
 * A staff page shown whole, without the app's header and navigation (the template preview,
 * decision 022): signed in as for any staff page; a member who still owes two-factor sign-in is
 * sent to the app, which asks for it.
 */
export function SignedInPageShell() {
  const auth = useAuthStatus();
  const location = useLocation();
  if (auth.status === 'loading') return <FullPageLoading />;
  if (auth.status === 'error') return <FullPageConnectionError onRetry={auth.retry} />;
  if (auth.status === 'unauthenticated') {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  const { twoFactor } = auth.startup;
  if (twoFactor.isRequired && !twoFactor.isEnabled) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
