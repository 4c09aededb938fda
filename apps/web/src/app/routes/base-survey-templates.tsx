import { LayoutTemplate } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatusMessage } from '@/components/ui/status-message';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useDocumentTitle } from '@/lib/use-document-title';

export function BaseSurveyTemplatesRoute() {
  useDocumentTitle('Base Survey Templates');
  const startup = useCurrentStartup();
  const isProviderWorkspace = startup?.workspaces[0]?.isGraphiumWorkspace ?? false;
  return (
    <>
      <PageHeader
        title="Base Survey Templates"
        description="Reusable templates every workspace can start a survey template from."
      />
      {isProviderWorkspace ? (
        <EmptyState icon={LayoutTemplate} title="No base survey templates yet">
          Base survey templates you create appear here.
        </EmptyState>
      ) : (
        <StatusMessage tone="info" title="Base survey templates are managed by the provider workspace">
          <p>You can start a survey template from any published base template.</p>
          <ButtonLink to="/survey-templates" variant="secondary" size="sm" className="mt-3">
            Go to Survey Templates
          </ButtonLink>
        </StatusMessage>
      )}
    </>
  );
}
