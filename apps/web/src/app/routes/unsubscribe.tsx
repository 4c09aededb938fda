import { useParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { UnsubscribeDetails } from '@/features/unsubscribe/components/unsubscribe-details';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /unsubscribe/{token}: public, no sign-in (decision 008). */
export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <UnsubscribeDetails token={token} />
      </main>
    </div>
  );
}
