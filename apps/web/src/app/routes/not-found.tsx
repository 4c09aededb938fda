import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <Logo />
      <p className="mt-10 text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">Page not found</h1>
      <p className="mt-3 max-w-md text-gray-600">
        The page you are looking for does not exist or has moved. Check the address, or start again from the
        home page.
      </p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </main>
  );
}
