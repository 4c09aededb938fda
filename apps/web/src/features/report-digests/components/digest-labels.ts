import { type ReportFrequency, type ReportSubscription, reportFrequencyLabels } from '@graphium/shared';

/** When each kind of digest arrives, as the screens explain it. */
export const digestTiming =
  'Weekly digests arrive on Mondays at 08:00 for the week before; monthly ones on the 1st at 08:00 for the month before, in the workspace’s time zone.';

export function frequencyLabel(frequency: ReportFrequency): string {
  return reportFrequencyLabels[frequency];
}

/** What a subscription reports on: its template's name, or the dashboard. */
export function scopeLabel(subscription: Pick<ReportSubscription, 'scope' | 'surveyTemplateName'>): string {
  return subscription.scope === 'dashboard'
    ? 'Dashboard'
    : (subscription.surveyTemplateName ?? 'Survey template');
}
