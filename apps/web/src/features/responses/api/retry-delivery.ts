import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SurveyDeliveryList } from './get-survey-delivery';
import { responseKeys } from './query-keys';

type RetryDeliveryInput = { surveyId: string; outboxId: string };

async function retryDelivery({ surveyId, outboxId }: RetryDeliveryInput): Promise<SurveyDeliveryList> {
  const response = await apiClient.post<SurveyDeliveryList>(
    `/surveys/${encodeURIComponent(surveyId)}/delivery/${encodeURIComponent(outboxId)}/retry`,
  );
  return response.data;
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (result, { surveyId }) => {
      queryClient.setQueryData(responseKeys.delivery(surveyId), result);
      // The survey's row and its response stop showing the message as not delivered.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: responseKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: responseKeys.detail(surveyId) }),
      ]);
    },
  });
}
