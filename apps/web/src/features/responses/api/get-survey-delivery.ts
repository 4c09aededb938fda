import type { SurveyDelivery } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responseKeys } from './query-keys';

export type SurveyDeliveryList = { delivery: SurveyDelivery[] };

/** How staff read a message's channel. */
export const deliveryChannelLabels: Record<SurveyDelivery['channel'], string> = {
  email: 'Email',
  sms: 'SMS',
  slack: 'Slack',
};

async function getSurveyDelivery(surveyId: string): Promise<SurveyDeliveryList> {
  const response = await apiClient.get<SurveyDeliveryList>(
    `/surveys/${encodeURIComponent(surveyId)}/delivery`,
  );
  return response.data;
}

/** How long after sending (or retrying) the delivery status is polled, and how often. */
const deliveryPollMs = 2000;
export const deliveryWatchMs = 20_000;

/**
 * The delivery rows of a sent survey, read again every 2 s until `watchUntil` (about 20 s after
 * the send or a retry) or until nothing is queued any more.
 */
function surveyDeliveryQueryOptions(surveyId: string, watchUntil: number) {
  return queryOptions({
    queryKey: responseKeys.delivery(surveyId),
    queryFn: () => getSurveyDelivery(surveyId),
    refetchInterval: (query) => {
      const isQueued = query.state.data?.delivery.some((row) => row.status === 'queued') ?? true;
      return isQueued && Date.now() < watchUntil ? deliveryPollMs : false;
    },
  });
}

export function useSurveyDelivery(surveyId: string, watchUntil: number) {
  return useQuery(surveyDeliveryQueryOptions(surveyId, watchUntil));
}
