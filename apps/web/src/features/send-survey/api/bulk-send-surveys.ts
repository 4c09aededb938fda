import type { BulkSendSurveysInput, BulkSendSurveysResult } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateSentSurveys } from './invalidate-sent-surveys';

async function bulkSendSurveys(input: BulkSendSurveysInput): Promise<BulkSendSurveysResult> {
  const response = await apiClient.post<BulkSendSurveysResult>('/surveys/bulk', input, {
    // A chunk of 1,000 rows is written in batches on the server: more than the default timeout.
    timeout: 120_000,
  });
  return response.data;
}

export function useBulkSendSurveys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSendSurveys,
    onSuccess: (result) => (result.created > 0 ? invalidateSentSurveys(queryClient) : undefined),
  });
}
