import type { ImportListItemsResult, RawListItemValues } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type ImportListItemsVariables = {
  listId: string;
  rows: RawListItemValues[];
  dryRun: boolean;
  /** Share of the request sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/** Up to 10,000 rows may take longer than the usual 10 seconds to check and write. */
const importTimeoutMs = 120_000;

/** `POST /lists/{id}/items/import`: a dry run checks the rows; a real import writes all or none. */
async function importListItems({
  listId,
  rows,
  dryRun,
  onProgress,
}: ImportListItemsVariables): Promise<ImportListItemsResult> {
  const response = await apiClient.post<ImportListItemsResult>(
    `/lists/${encodeURIComponent(listId)}/items/import`,
    { rows, dryRun },
    {
      timeout: importTimeoutMs,
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(event.loaded / event.total);
      },
    },
  );
  return response.data;
}

export function useImportListItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importListItems,
    onSuccess: (result, { listId }) => {
      if (result.dryRun) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
        queryClient.invalidateQueries({ queryKey: listKeys.summaries() }),
      ]);
    },
  });
}
