import { List } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ListsRoute() {
  useDocumentTitle('Lists');
  return (
    <>
      <PageHeader
        level={2}
        title="Lists"
        description="Lookup data your surveys can use, with properties and items."
      />
      <EmptyState icon={List} title="No lists yet">
        Lists you create appear here.
      </EmptyState>
    </>
  );
}
