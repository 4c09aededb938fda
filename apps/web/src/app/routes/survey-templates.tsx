import { useCan } from '@/features/auth/api/use-can';
import { TemplatesPage } from '@/features/survey-templates/components/templates-page';

/** Editors and admins change templates; viewers read them (the server enforces it as well). */
export function useCanEditTemplates(): boolean {
  return useCan('editor');
}

export function SurveyTemplatesRoute() {
  return <TemplatesPage kind="survey" canEdit={useCanEditTemplates()} />;
}
