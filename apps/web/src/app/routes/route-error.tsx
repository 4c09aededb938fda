import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NotFoundRoute } from './not-found';

export function RouteError() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <Logo />
      <h1 className="mt-10 text-3xl font-bold tracking-tight text-gray-900">Something went wrong</h1>
      <p className="mt-3 max-w-md text-gray-600">
        This page could not be shown. Reload it to try again; if the problem continues, contact support.
      </p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <ButtonLink to="/" variant="secondary">
          Go to the home page
        </ButtonLink>
      </div>
    </main>
  );
}
