import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AlertsRoute, CaseRoute, CasesRoute } from './routes/alerts';
import { BaseSurveyTemplateDetailRoute } from './routes/base-survey-template-detail';
import { BaseSurveyTemplatesRoute } from './routes/base-survey-templates';
import { ContactRoute, ContactsRoute } from './routes/contacts';
import { DashboardRoute } from './routes/dashboard';
import { DigestUnsubscribeRoute } from './routes/digest-unsubscribe';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { InviteRoute } from './routes/invite';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute, resetPasswordRouteHandle } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { ApiGettingStartedRoute } from './routes/settings-api-getting-started';
import { ApiKeysRoute } from './routes/settings-api-keys';
import { AuditLogRoute } from './routes/settings-audit-log';
import { DataRetentionRoute } from './routes/settings-data-retention';
import { DigestsRoute } from './routes/settings-digests';
import { ListDetailRoute, ListItemsRoute, ListPropertiesRoute } from './routes/settings-list-detail';
import { ListsRoute } from './routes/settings-lists';
import { LogoRoute } from './routes/settings-logo';
import { NotificationsRoute } from './routes/settings-notifications';
import { PrivacyRoute } from './routes/settings-privacy';
import { SecurityRoute } from './routes/settings-security';
import { SingleSignOnRoute } from './routes/settings-single-sign-on';
import { SettingsUsersRoute } from './routes/settings-users';
import { VerifyingSignaturesRoute, WebhookDetailRoute, WebhooksRoute } from './routes/settings-webhooks';
import { SignInRoute } from './routes/sign-in';
import { SignUpRoute, signUpRouteHandle } from './routes/sign-up';
import {
  responseDetailRoute,
  SurveyTemplateDetailRoute,
  specAliasRoutes,
  templateTabRoutes,
} from './routes/survey-template-detail';
import { SurveyTemplatesRoute } from './routes/survey-templates';
import { TermsRoute } from './routes/terms';
import { UnsubscribeRoute } from './routes/unsubscribe';
import { AuthenticatedShell } from './shells/authenticated-shell';
import { SettingsShell } from './shells/settings-shell';
import { SignedInPageShell } from './shells/signed-in-page-shell';
import { UnauthenticatedShell } from './shells/unauthenticated-shell';

/** Every screen of the staff app by path, inside its shell (docs/architecture.md, the web app). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/terms', element: <TermsRoute /> },
      { path: '/invite/:workspaceInvitationId', element: <InviteRoute /> },
      { path: '/unsubscribe/:token', element: <UnsubscribeRoute /> },
      { path: '/digest-unsubscribe/:token', element: <DigestUnsubscribeRoute /> },
      {
        element: <UnauthenticatedShell />,
        children: [
          { path: '/sign-in', element: <SignInRoute /> },
          { path: '/sign-up', element: <SignUpRoute />, handle: signUpRouteHandle },
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
          { path: '/reset-password', element: <ResetPasswordRoute />, handle: resetPasswordRouteHandle },
        ],
      },
      {
        // The preview is the respondent page, without the app around it (decision 022).
        element: <SignedInPageShell />,
        children: [
          {
            path: '/survey-templates/:templateVersionId/preview',
            lazy: async () => ({
              Component: (await import('./routes/survey-template-preview')).SurveyTemplatePreviewRoute,
            }),
          },
          {
            path: '/base-survey-templates/:templateVersionId/preview',
            lazy: async () => ({
              Component: (await import('./routes/survey-template-preview')).BaseSurveyTemplatePreviewRoute,
            }),
          },
        ],
      },
      {
        element: <AuthenticatedShell />,
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/alerts', element: <AlertsRoute /> },
          { path: '/alerts/cases', element: <CasesRoute /> },
          { path: '/alerts/cases/:caseId', element: <CaseRoute /> },
          { path: '/contacts', element: <ContactsRoute /> },
          { path: '/contacts/:contactId', element: <ContactRoute /> },
          { path: '/survey-templates', element: <SurveyTemplatesRoute /> },
          {
            path: '/survey-templates/:templateVersionId',
            element: <SurveyTemplateDetailRoute />,
            children: [
              { index: true, element: templateTabRoutes.properties },
              ...Object.entries(templateTabRoutes).map(([path, element]) => ({ path, element })),
              responseDetailRoute,
              ...specAliasRoutes('survey'),
            ],
          },
          { path: '/base-survey-templates', element: <BaseSurveyTemplatesRoute /> },
          {
            path: '/base-survey-templates/:templateVersionId',
            element: <BaseSurveyTemplateDetailRoute />,
            children: [
              { index: true, element: templateTabRoutes.properties },
              { path: 'properties', element: templateTabRoutes.properties },
              { path: 'questions', element: templateTabRoutes.questions },
              { path: 'translations', element: templateTabRoutes.translations },
              { path: 'settings', element: templateTabRoutes.settings },
              ...specAliasRoutes('base'),
            ],
          },
          {
            path: '/settings',
            element: <SettingsShell />,
            children: [
              { index: true, element: <Navigate to="/settings/users" replace /> },
              { path: 'users', element: <SettingsUsersRoute /> },
              { path: 'lists', element: <ListsRoute /> },
              {
                path: 'lists/:listId',
                element: <ListDetailRoute />,
                children: [
                  { index: true, element: <Navigate to="items" replace /> },
                  { path: 'items', element: <ListItemsRoute /> },
                  { path: 'properties', element: <ListPropertiesRoute /> },
                ],
              },
              { path: 'logo', element: <LogoRoute /> },
              { path: 'api-keys', element: <ApiKeysRoute /> },
              { path: 'api-keys/getting-started', element: <ApiGettingStartedRoute /> },
              { path: 'notifications', element: <NotificationsRoute /> },
              { path: 'digests', element: <DigestsRoute /> },
              { path: 'security', element: <SecurityRoute /> },
              { path: 'single-sign-on', element: <SingleSignOnRoute /> },
              { path: 'audit-log', element: <AuditLogRoute /> },
              { path: 'privacy', element: <PrivacyRoute /> },
              { path: 'webhooks', element: <WebhooksRoute /> },
              { path: 'data-retention', element: <DataRetentionRoute /> },
              { path: 'webhooks/verifying', element: <VerifyingSignaturesRoute /> },
              { path: 'webhooks/:webhookId', element: <WebhookDetailRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
