import { ButtonLink } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { useCan } from '@/features/auth/api/use-can';
import { TemplatesPage } from '@/features/survey-templates/components/templates-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Base templates are managed from the provider workspace only
 * (docs/product-rules.md#survey-templates-and-versions).
 */
export function useBaseTemplateAccess(): { isProvider: boolean; canEdit: boolean } {
  const isProvider = useCurrentStartup()?.workspaces[0]?.isGraphiumWorkspace ?? false;
  const isEditor = useCan('editor');
  return { isProvider, canEdit: isProvider && isEditor };
}

export function ProviderOnlyMessage() {
  useDocumentTitle('Base Survey Templates');
  return (
    <StatusMessage tone="error" title="Base survey templates are managed by the provider workspace">
      <p>
        This workspace cannot open or change base templates. You can start a survey template from any
        published base template with “Use a predefined template”.
      </p>
      <ButtonLink to="/survey-templates" variant="secondary" size="sm" className="mt-3">
        Go to Survey Templates
      </ButtonLink>
    </StatusMessage>
  );
}

export function BaseSurveyTemplatesRoute() {
  const { isProvider, canEdit } = useBaseTemplateAccess();
  if (!isProvider) return <ProviderOnlyMessage />;
  return <TemplatesPage kind="base" canEdit={canEdit} />;
}
