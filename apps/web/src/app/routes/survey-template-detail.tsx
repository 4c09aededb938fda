import { templateLanguages } from '@graphium/shared';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { CaseFigures } from '@/features/cases/components/case-figures';
import { ResponseCaseLink } from '@/features/cases/components/response-case-link';
import { EraseRespondentButton } from '@/features/privacy/components/erase-respondent-button';
import { usePublicLinks } from '@/features/public-links/api/get-public-links';
import { LinksTab } from '@/features/public-links/components/links-tab';
import { SubscribeDigestButton } from '@/features/report-digests/components/subscribe-digest-button';
import { ResponseDetail } from '@/features/responses/components/response-detail';
import { ResponsesTab } from '@/features/responses/components/responses-tab';
import type { ResponsesLocationState } from '@/features/responses/components/survey-responses-list';
import { SendSurveyButton } from '@/features/send-survey/components/send-survey-button';
import { AlertsTab } from '@/features/survey-templates/components/alerts-tab';
import { PropertiesTab } from '@/features/survey-templates/components/properties-tab';
import { QuestionsTab } from '@/features/survey-templates/components/questions-tab';
import { RemindersTab } from '@/features/survey-templates/components/reminders-tab';
import { SettingsTab } from '@/features/survey-templates/components/settings-tab';
import { useTemplateEditor } from '@/features/survey-templates/components/template-context';
import { TemplateDetail } from '@/features/survey-templates/components/template-detail';
import type { RenderSendAction } from '@/features/survey-templates/components/template-header';
import { TranslationsTab } from '@/features/survey-templates/components/translations-tab';
import { useCanEditTemplates } from './survey-templates';

/**
 * The header's Send Survey button: sending belongs to its own feature
 * (docs/product-rules.md#survey-templates-and-versions).
 */
const renderSendAction: RenderSendAction = (version) => (
  <SendSurveyButton
    versionId={version.versionId}
    templateName={version.name}
    isPublished={version.state === 'PUBLISHED'}
    properties={version.definition.properties}
  />
);

/**
 * /survey-templates/{versionId}: header and tabs around the tab chosen by the URL
 * (docs/product-rules.md#survey-templates-and-versions).
 */
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

/**
 * The Responses tab (docs/product-rules.md#survey-templates-and-versions): responses belong to the template,
 * across its versions.
 */
function ResponsesTabRoute() {
  const { version } = useTemplateEditor();
  const responsesPath = `/survey-templates/${version.versionId}/responses`;
  const links = usePublicLinks(version.templateId);
  return (
    <ResponsesTab
      sources={links.data?.publicLinks ?? []}
      templateId={version.templateId}
      questions={version.definition.questions}
      properties={version.definition.properties}
      languages={templateLanguages(version.definition)}
      detailPath={(surveyId) => `${responsesPath}/${surveyId}`}
      summaryExtra={<CaseFigures templateId={version.templateId} />}
      actions={<SubscribeDigestButton templateId={version.templateId} scopeName={version.name} />}
    />
  );
}

/** The Links tab (decision 024): public links belong to the template, answered with its published version. */
function LinksTabRoute() {
  const { version, roleBlock } = useTemplateEditor();
  return (
    <LinksTab
      templateId={version.templateId}
      templateName={version.name}
      isPublished={
        version.state === 'PUBLISHED' || version.versions.some((item) => item.state === 'PUBLISHED')
      }
      properties={version.definition.properties}
      editReason={roleBlock('manage public links')}
    />
  );
}

/** /survey-templates/{versionId}/responses/{surveyId}: one response; back returns to the list as it was. */
function ResponseDetailRoute() {
  const { version } = useTemplateEditor();
  const surveyId = useParams().surveyId ?? '';
  const state = useLocation().state as ResponsesLocationState | null;
  const listSearch = state?.responsesSearch ?? 'tab=survey-responses';
  const backTo = `/survey-templates/${version.versionId}/responses?${listSearch}`;
  const navigate = useNavigate();
  return (
    <ResponseDetail
      key={surveyId}
      surveyId={surveyId}
      templateId={version.templateId}
      backTo={backTo}
      related={<ResponseCaseLink surveyId={surveyId} />}
      actions={
        <EraseRespondentButton
          target={{ surveyId }}
          who="the respondent of this response, with every survey sent to them"
          onErased={(result) => {
            // With their answers the response is gone: back to the list.
            if (result.eraseAnswers) void navigate(backTo);
          }}
        />
      }
    />
  );
}

export const responseDetailRoute = { path: 'responses/:surveyId', element: <ResponseDetailRoute /> };

/** Location state that asks the template header to open the send dialog. */
type SendSurveyRequest = { openSendSurvey?: boolean };

/**
 * The spec's other routes under a template: /edit-survey opens the editor (the Questions tab),
 * /send-new-survey the template with its send dialog open. A base template has no sending,
 * reminders, alerts or responses: those open its Properties tab.
 */
export function specAliasRoutes(kind: 'survey' | 'base') {
  const to = (path: string, state?: SendSurveyRequest) => (
    <Navigate to={`../${path}`} relative="path" replace state={state} />
  );
  if (kind === 'survey') {
    return [
      { path: 'edit-survey', element: to('questions') },
      { path: 'send-new-survey', element: to('properties', { openSendSurvey: true }) },
    ];
  }
  return ['reminders', 'alerts', 'responses', 'send-new-survey']
    .map((path) => ({ path, element: to('properties') }))
    .concat({ path: 'edit-survey', element: to('questions') });
}

/** The tabs of both template kinds read the version from the detail page around them. */
export const templateTabRoutes = {
  properties: <PropertiesTab />,
  questions: <QuestionsTab />,
  translations: <TranslationsTab />,
  settings: <SettingsTab />,
  reminders: <RemindersTab />,
  alerts: <AlertsTab />,
  links: <LinksTabRoute />,
  responses: <ResponsesTabRoute />,
};
