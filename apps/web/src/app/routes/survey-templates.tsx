import { ClipboardList } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SurveyTemplatesRoute() {
  useDocumentTitle('Survey Templates');
  return (
    <>
      <PageHeader
        title="Survey Templates"
        description="Build surveys, publish them and send them to your audience."
      />
      <EmptyState icon={ClipboardList} title="No survey templates yet">
        Your survey templates and their responses appear here.
      </EmptyState>
    </>
  );
}
