import { type ApiKey, maskedApiKey } from '@graphium/shared';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Ban } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { roleReason } from '@/features/auth/api/use-can';
import { formatDateTime } from '@/lib/format';
import { areaLabels, areaModeLabels, describeScopes } from './scope-labels';

type ApiKeysTableProps = {
  apiKeys: ApiKey[];
  canManageKeys: boolean;
  onRevoke: (apiKey: ApiKey) => void;
};

export function ApiKeysTable({ apiKeys, canManageKeys, onRevoke }: ApiKeysTableProps) {
  const columns = useMemo<ColumnDef<ApiKey>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original } }) => (
          <div>
            <span className="font-medium text-gray-900">{original.apiKeyName}</span>
            {original.apiKeyDescription && (
              <p className="mt-0.5 text-gray-600">{original.apiKeyDescription}</p>
            )}
          </div>
        ),
      },
      {
        id: 'key',
        header: 'Key',
        cell: () => (
          <>
            <span aria-hidden="true" className="font-mono text-gray-600">
              {maskedApiKey}
            </span>
            <span className="sr-only">Hidden</span>
          </>
        ),
      },
      {
        id: 'created',
        header: 'Created',
        cell: ({ row: { original } }) => formatDateTime(original.createdAt),
      },
      {
        id: 'lastUsed',
        header: 'Last Used',
        cell: ({ row: { original } }) =>
          original.lastUsedAt ? formatDateTime(original.lastUsedAt) : 'Never',
      },
      {
        id: 'scope',
        header: 'Scopes',
        cell: ({ row: { original } }) => (
          <ul className="flex flex-wrap gap-1" aria-label={`Scopes of ${original.apiKeyName}`}>
            {describeScopes(original.scopes).map(({ area, mode }) => (
              <li key={area} className="whitespace-nowrap">
                <Badge tone={mode === 'write' ? 'indigo' : 'blue'}>
                  {areaLabels[area]}: {areaModeLabels[mode]}
                </Badge>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) => (
          <Badge tone={original.isActive ? 'green' : 'gray'}>
            {original.isActive ? 'Active' : 'Inactive'}
          </Badge>
        ),
      },
      {
        id: 'revoke',
        header: 'Revoke',
        cell: ({ row: { original } }) => (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onRevoke(original)}
            disabled={!original.isActive}
            disabledReason={canManageKeys ? undefined : roleReason('admin', 'revoke API keys')}
            aria-label={`Revoke ${original.apiKeyName}`}
          >
            <Ban className="size-4" aria-hidden="true" />
            Revoke
          </Button>
        ),
      },
    ],
    [canManageKeys, onRevoke],
  );

  const table = useReactTable({
    data: apiKeys,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.apiKeyId,
  });

  return <DataTable table={table} caption="API keys" />;
}
