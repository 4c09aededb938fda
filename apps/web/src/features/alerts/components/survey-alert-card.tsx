import {
  type SurveyAlert,
  surveyAlertChannels,
  surveyAlertFallbackDescription,
  surveyAlertFallbackTitle,
  surveyResponsePath,
} from '@graphium/shared';
import { ArrowRight, Eye, EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { roleReason } from '@/features/auth/api/use-can';
import { formatDateTime } from '@/lib/format';
import { channelLabel, channelTone, conditionPhrase, formatAnswer } from './survey-alert-format';

type SurveyAlertCardProps = {
  surveyAlert: SurveyAlert;
  canChangeStatus: boolean;
  isUpdating: boolean;
  onChangeStatus: (surveyAlert: SurveyAlert, isActive: boolean) => void;
};

/** One card of the Alerts page (docs/product-rules.md#alerts). */
export function SurveyAlertCard({
  surveyAlert,
  canChangeStatus,
  isUpdating,
  onChangeStatus,
}: SurveyAlertCardProps) {
  const { surveyTemplateName, surveyTemplateDescription } = surveyAlert.survey.surveyTemplate;
  const title = surveyTemplateName.trim() || surveyAlertFallbackTitle;
  const description = surveyTemplateDescription?.trim() || surveyAlertFallbackDescription;
  const titleId = `survey-alert-${surveyAlert.surveyAlertId}`;
  const ToggleIcon = surveyAlert.isActive ? EyeOff : Eye;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-3">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-base font-semibold text-gray-900">
              {title}
            </h2>
            <Badge tone={surveyAlert.isActive ? 'green' : 'gray'}>
              {surveyAlert.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
          <p className="mt-1 text-sm text-gray-600">{description}</p>
        </div>
        <p className="text-sm text-gray-700">
          <span className="font-medium text-gray-900">{surveyAlert.alertName}</span>
          <span aria-hidden="true"> · </span>
          <span className="break-all">{surveyAlert.respondent}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={surveyAlert.createdAt}>{formatDateTime(surveyAlert.createdAt)}</time>
        </p>
        {surveyAlert.matchedConditions.length > 0 && (
          <dl className="space-y-1 text-sm" aria-label="Matched answers">
            {surveyAlert.matchedConditions.map((condition, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own
              <div key={index} className="flex flex-wrap gap-x-1.5">
                <dt className="font-medium text-gray-900">{condition.questionLabel}:</dt>
                <dd className="text-gray-700">
                  {formatAnswer(condition.answer)}{' '}
                  <span className="text-gray-600">({conditionPhrase(condition)})</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {surveyAlert.undelivered.length > 0 && (
          <ul className="space-y-1 text-sm text-red-800" aria-label="Notifications not delivered">
            {surveyAlert.undelivered.map((message) => (
              <li key={message.outboxId} className="wrap-anywhere">
                Not delivered: {channelLabel(message.channel)} to {message.recipient}
                {message.lastError ? `: ${message.lastError}` : ''}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="sr-only">Notification channels:</span>
          {surveyAlertChannels(surveyAlert).map((channel) => (
            <Badge key={channel} tone={channelTone(channel)}>
              {channelLabel(channel)}
            </Badge>
          ))}
        </div>
        <Link
          to={surveyResponsePath(surveyAlert.surveyTemplateVersionId, surveyAlert.surveyId)}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          View response <span className="sr-only">of {surveyAlert.respondent}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start"
        wrapperClassName="shrink-0 self-start"
        disabled={isUpdating}
        disabledReason={canChangeStatus ? undefined : roleReason('editor', 'hide or show alerts')}
        onClick={() => onChangeStatus(surveyAlert, !surveyAlert.isActive)}
        aria-label={`${surveyAlert.isActive ? 'Hide' : 'Show'} ${title}: ${surveyAlert.alertName}`}
      >
        <ToggleIcon className="size-4" aria-hidden="true" />
        {surveyAlert.isActive ? 'Hide' : 'Show'}
      </Button>
    </article>
  );
}
