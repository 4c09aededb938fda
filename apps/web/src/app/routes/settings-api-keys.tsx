import { KeyRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ApiKeysRoute() {
  useDocumentTitle('API Keys');
  return (
    <>
      <PageHeader
        level={2}
        title="API Keys"
        description="Keys for programmatic access to your survey data."
      />
      <EmptyState icon={KeyRound} title="No API keys yet">
        API keys you generate appear here.
      </EmptyState>
    </>
  );
}
