import type { SegmentFilter, SegmentPreview } from '@graphium/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST /contacts/segments/preview`: how many contacts a filter matches now. */
async function previewSegment(filter: SegmentFilter): Promise<SegmentPreview> {
  const response = await apiClient.post<SegmentPreview>('/contacts/segments/preview', { filter });
  return response.data;
}

export function usePreviewSegment() {
  return useMutation({ mutationFn: previewSegment });
}
