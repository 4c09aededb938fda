import { useParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { DigestUnsubscribeDetails } from '@/features/report-digests/components/digest-unsubscribe-details';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /digest-unsubscribe/{token}: public, no sign-in (docs/decisions/031-scheduled-reports.md). */
export function DigestUnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <DigestUnsubscribeDetails token={token} />
      </main>
    </div>
  );
}
