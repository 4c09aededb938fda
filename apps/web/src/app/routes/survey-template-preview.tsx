import { useParams } from 'react-router';
import { TemplatePreview } from '@/features/survey-templates/components/template-preview';

// Loaded on its own by the router (decision 022): the respondent page's components come with it.

/** /survey-templates/{versionId}/preview: the version as respondents see it, recording nothing. */
export function SurveyTemplatePreviewRoute() {
  const versionId = useParams().templateVersionId ?? '';
  return <TemplatePreview key={versionId} kind="survey" versionId={versionId} />;
}

/** /base-survey-templates/{versionId}/preview. */
export function BaseSurveyTemplatePreviewRoute() {
  const versionId = useParams().templateVersionId ?? '';
  return <TemplatePreview key={versionId} kind="base" versionId={versionId} />;
}
