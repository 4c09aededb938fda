import { type ListProperty, listPropertyTypeLabels } from '@graphium/shared';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Eye, Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';

type PropertiesTableProps = {
  properties: ListProperty[];
  canEdit: boolean;
  /** Why the member's role cannot change properties, if it cannot. */
  roleBlock?: string | undefined;
  onEdit: (property: ListProperty) => void;
};

/**
 * docs/product-rules.md#properties-and-questions: Display Name (an eye marks the default label), Type,
 * Description, Active/Inactive, Edit.
 */
export function PropertiesTable({ properties, canEdit, roleBlock, onEdit }: PropertiesTableProps) {
  const columns = useMemo<ColumnDef<ListProperty>[]>(
    () => [
      {
        id: 'displayName',
        header: 'Display Name',
        cell: ({ row: { original } }) => (
          <span className="inline-flex items-center gap-2">
            <span className="font-medium text-gray-900">{original.displayName}</span>
            {original.isDefaultLabel && (
              <span title="Default label" className="inline-flex text-indigo-700">
                <Eye className="size-4" aria-hidden="true" />
                <span className="sr-only">(default label)</span>
              </span>
            )}
            <span className="text-xs text-gray-600">{original.name}</span>
          </span>
        ),
      },
      { id: 'type', header: 'Type', cell: ({ row: { original } }) => listPropertyTypeLabels[original.type] },
      { id: 'description', header: 'Description', cell: ({ row: { original } }) => original.description },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) => (
          <Badge tone={original.active ? 'green' : 'gray'}>{original.active ? 'Active' : 'Inactive'}</Badge>
        ),
      },
      {
        id: 'edit',
        header: 'Edit',
        cell: ({ row: { original } }) => (
          <Button
            variant="ghost"
            size="sm"
            disabled={!canEdit}
            disabledReason={roleBlock}
            onClick={() => onEdit(original)}
            aria-label={`Edit ${original.displayName}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        ),
      },
    ],
    [canEdit, roleBlock, onEdit],
  );
  const table = useReactTable({
    data: properties,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });
  return <DataTable table={table} caption="List properties" />;
}
