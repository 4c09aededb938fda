import type { SegmentFilter, SegmentPreview } from '@graphium/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/**
 * `GET /contacts/segments/preview?filter=`: how many contacts a filter matches now and the first
 * ten; a read, so viewers may call it (docs/decisions/047-connect-gaps.md).
 */
async function previewSegment(filter: SegmentFilter): Promise<SegmentPreview> {
  const response = await apiClient.get<SegmentPreview>('/contacts/segments/preview', {
    params: { filter: JSON.stringify(filter) },
  });
  return response.data;
}

/** The builder's "Count": asked on demand, for a filter still being written. */
export function usePreviewSegment() {
  return useMutation({ mutationFn: previewSegment });
}

function segmentMembersQueryOptions(segmentId: string, filter: SegmentFilter) {
  return queryOptions({
    queryKey: contactKeys.segmentMembers(segmentId, filter),
    queryFn: () => previewSegment(filter),
  });
}

/** A saved segment's members now (the first ten and the count). */
export function useSegmentMembers(segmentId: string, filter: SegmentFilter, isEnabled: boolean) {
  return useQuery({ ...segmentMembersQueryOptions(segmentId, filter), enabled: isEnabled });
}
