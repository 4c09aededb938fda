import { matchesSurveyAlertSearch, type SurveyAlert } from '@graphium/shared';
import clsx from 'clsx';
import { Bell, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';
import { useSurveyAlerts } from '../api/get-survey-alerts';
import { useUpdateSurveyAlertStatus } from '../api/update-survey-alert-status';
import { SurveyAlertCard } from './survey-alert-card';

const surveyAlertsLoadErrorMessage = 'Error loading alerts. Please try again.';

type SurveyAlertsProps = {
  /** Viewers only read; editors and admins hide and show alerts (the server checks it too). */
  canChangeStatus: boolean;
};

/** The Alerts page (docs/product-rules.md#alerts): survey alerts of the workspace, hidden ones on request. */
export function SurveyAlerts({ canChangeStatus }: SurveyAlertsProps) {
  const surveyAlerts = useSurveyAlerts();
  const updateStatus = useUpdateSurveyAlertStatus();
  const [search, setSearch] = useState('');
  const [showHidden, setShowHidden] = useState(false);
  const [updatingId, setUpdatingId] = useState<string>();
  const searchId = useId();

  const all = surveyAlerts.data?.surveyAlerts;
  const shown = useMemo(
    () =>
      (all ?? []).filter(
        (surveyAlert) =>
          (showHidden || surveyAlert.isActive) && matchesSurveyAlertSearch(surveyAlert, search),
      ),
    [all, showHidden, search],
  );
  const hiddenCount = (all ?? []).filter((surveyAlert) => !surveyAlert.isActive).length;

  const changeStatus = async (surveyAlert: SurveyAlert, isActive: boolean) => {
    setUpdatingId(surveyAlert.surveyAlertId);
    try {
      await toastPromise(updateStatus.mutateAsync({ surveyAlertId: surveyAlert.surveyAlertId, isActive }), {
        pending: isActive ? 'Showing alert...' : 'Hiding alert...',
        success: isActive ? 'Alert shown successfully!' : 'Alert hidden successfully!',
        error: 'Failed to update alert.',
      });
    } catch {
      // The error toast told the user; the card keeps its state.
    } finally {
      setUpdatingId(undefined);
    }
  };

  return (
    <>
      <PageHeader
        title="Alerts"
        description="Completed surveys whose answers met the alert conditions of your survey templates."
      />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            Search alerts
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search alerts..."
            className={clsx(inputClasses, 'pl-9')}
          />
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-gray-900">
          {/* The real checkbox covers the track, so a click anywhere on it toggles. */}
          <span className="relative inline-flex h-6 w-11 shrink-0">
            <input
              type="checkbox"
              role="switch"
              aria-checked={showHidden}
              checked={showHidden}
              onChange={(event) => setShowHidden(event.target.checked)}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className={clsx(
                'absolute inset-0 rounded-full bg-gray-500 transition-colors peer-checked:bg-indigo-600',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600',
              )}
            />
            <span
              aria-hidden="true"
              className="absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
            />
          </span>
          Show hidden alerts
        </label>
      </div>

      {surveyAlerts.isPending ? (
        <LoadingText>Loading alerts...</LoadingText>
      ) : surveyAlerts.isError ? (
        <LoadError title={surveyAlertsLoadErrorMessage} onRetry={() => void surveyAlerts.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={Bell} title="No alerts found">
          {search.trim()
            ? 'No alert matches your search.'
            : !showHidden && hiddenCount > 0
              ? `${hiddenCount === 1 ? '1 alert is' : `${hiddenCount} alerts are`} hidden. Turn on "Show hidden alerts" to see ${hiddenCount === 1 ? 'it' : 'them'}.`
              : 'When a completed survey meets one of your alert conditions, the alert appears here.'}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Alerts">
          {shown.map((surveyAlert) => (
            <li key={surveyAlert.surveyAlertId}>
              <SurveyAlertCard
                surveyAlert={surveyAlert}
                canChangeStatus={canChangeStatus}
                isUpdating={updatingId === surveyAlert.surveyAlertId}
                onChangeStatus={(target, isActive) => void changeStatus(target, isActive)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
