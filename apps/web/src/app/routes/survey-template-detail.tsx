import { Outlet, useParams } from 'react-router';
import { SendSurveyButton } from '@/features/send-survey/components/send-survey-button';
import { AlertsTab } from '@/features/survey-templates/components/alerts-tab';
import { PropertiesTab } from '@/features/survey-templates/components/properties-tab';
import { QuestionsTab } from '@/features/survey-templates/components/questions-tab';
import { RemindersTab } from '@/features/survey-templates/components/reminders-tab';
import { ResponsesTab } from '@/features/survey-templates/components/responses-tab';
import { SettingsTab } from '@/features/survey-templates/components/settings-tab';
import { TemplateDetail } from '@/features/survey-templates/components/template-detail';
import type { RenderSendAction } from '@/features/survey-templates/components/template-header';
import { useCanEditTemplates } from './survey-templates';

/** The header's Send Survey button: sending belongs to its own feature (part 2 §2). */
const renderSendAction: RenderSendAction = (version) => (
  <SendSurveyButton
    versionId={version.versionId}
    templateName={version.name}
    isPublished={version.state === 'PUBLISHED'}
    properties={version.definition.properties}
  />
);

/** /survey-templates/{versionId}: header and tabs around the tab chosen by the URL (part 2 §2). */
export function SurveyTemplateDetailRoute() {
  const versionId = useParams().templateVersionId ?? '';
  return (
    <TemplateDetail
      key={versionId}
      kind="survey"
      versionId={versionId}
      canEdit={useCanEditTemplates()}
      renderSendAction={renderSendAction}
    >
      <Outlet />
    </TemplateDetail>
  );
}

/** The tabs of both template kinds read the version from the detail page around them. */
export const templateTabRoutes = {
  properties: <PropertiesTab />,
  questions: <QuestionsTab />,
  settings: <SettingsTab />,
  reminders: <RemindersTab />,
  alerts: <AlertsTab />,
  responses: <ResponsesTab />,
};
