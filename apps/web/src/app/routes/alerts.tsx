import clsx from 'clsx';
import { NavLink, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SurveyAlerts } from '@/features/alerts/components/survey-alerts';
import { useCan } from '@/features/auth/api/use-can';
import { CasePage } from '@/features/cases/components/case-page';
import { CasesInbox } from '@/features/cases/components/cases-inbox';
import { useTemplates } from '@/features/survey-templates/api/get-templates';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Viewers read alerts and cases; editors and admins work them (the server checks it too). */
function useCanWorkAlerts(): boolean {
  return useCan('editor');
}

/** The Alerts page's two views (decision 019): the spec's cards, and the cases they opened. */
function AlertsViews() {
  const tabs = [
    { to: '/alerts', label: 'Alerts', end: true },
    { to: '/alerts/cases', label: 'Cases', end: false },
  ];
  return (
    <nav aria-label="Alerts views" className="mb-6">
      <ul className="inline-flex rounded-lg bg-gray-100 p-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                clsx(
                  'inline-block rounded-md px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                  isActive ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AlertsRoute() {
  useDocumentTitle('Alerts');
  const canWork = useCanWorkAlerts();
  return (
    <>
      <AlertsViews />
      <SurveyAlerts canChangeStatus={canWork} />
    </>
  );
}

/** /alerts/cases: the inbox. */
export function CasesRoute() {
  useDocumentTitle('Cases');
  const templates = useTemplates('survey');
  return (
    <>
      <PageHeader
        title="Cases"
        description="Every fired alert opens a case: who follows it up, by when, and what was done."
      />
      <AlertsViews />
      <CasesInbox canWork={useCanWorkAlerts()} templates={templates.data ?? []} />
    </>
  );
}

/** /alerts/cases/{caseId}: one case. */
export function CaseRoute() {
  useDocumentTitle('Case');
  const caseId = useParams().caseId ?? '';
  return <CasePage key={caseId} caseId={caseId} canWork={useCanWorkAlerts()} />;
}
