import { Image } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogoRoute() {
  useDocumentTitle('Logo');
  return (
    <>
      <PageHeader level={2} title="Logo" description="The logo respondents see on your surveys." />
      <EmptyState icon={Image} title="No logo yet">
        Your workspace logo appears here once it is uploaded.
      </EmptyState>
    </>
  );
}
