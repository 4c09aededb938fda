import { Outlet, useParams } from 'react-router';
import { TemplateDetail } from '@/features/survey-templates/components/template-detail';
import { ProviderOnlyMessage, useBaseTemplateAccess } from './base-survey-templates';

/**
 * /base-survey-templates/{versionId}: Properties, Questions and Settings
 * (docs/product-rules.md#survey-templates-and-versions).
 */
export function BaseSurveyTemplateDetailRoute() {
  const versionId = useParams().templateVersionId ?? '';
  const { isProvider, canEdit } = useBaseTemplateAccess();
  if (!isProvider) return <ProviderOnlyMessage />;
  return (
    <TemplateDetail key={versionId} kind="base" versionId={versionId} canEdit={canEdit}>
      <Outlet />
    </TemplateDetail>
  );
}
