import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { TemplatesPage } from '@/features/survey-templates/components/templates-page';

/** Editors and admins change templates; viewers read them (the server enforces it as well). */
export function useCanEditTemplates(): boolean {
  const role = useCurrentStartup()?.workspaces[0]?.role;
  return role === 'admin' || role === 'editor';
}

export function SurveyTemplatesRoute() {
  return <TemplatesPage kind="survey" canEdit={useCanEditTemplates()} />;
}
