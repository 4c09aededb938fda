import type { BulkSendSurveysResult, SegmentSendInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateSentSurveys } from './invalidate-sent-surveys';

/** `POST /surveys/segment`: a survey to each member of a segment (a dry run counts them first). */
async function sendToSegment(input: SegmentSendInput): Promise<BulkSendSurveysResult> {
  const response = await apiClient.post<BulkSendSurveysResult>('/surveys/segment', input, {
    timeout: 300_000,
  });
  return response.data;
}

export function useSendToSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToSegment,
    onSuccess: (result) => (result.created > 0 ? invalidateSentSurveys(queryClient) : undefined),
  });
}
