import { getListItemLabel, type ListItem, type ListProperty } from '@graphium/shared';
import { type ColumnDef, getCoreRowModel, getPaginationRowModel, useReactTable } from '@tanstack/react-table';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { formatListValue } from './format-value';
import { TablePager } from './table-pager';

const itemsPageSize = 25;

type ItemsTableProps = {
  items: ListItem[];
  /** Every property of the list: the active ones are the columns, all of them name the items. */
  properties: ListProperty[];
  canEdit: boolean;
  /** Why the member's role cannot change items, if it cannot. */
  roleBlock?: string | undefined;
  onEdit: (item: ListItem) => void;
  onArchive: (item: ListItem, isArchived: boolean) => void;
};

/** The Items tab's table: a column per active property, then the status and the actions. */
export function ItemsTable({ items, properties, canEdit, roleBlock, onEdit, onArchive }: ItemsTableProps) {
  const columns = useMemo<ColumnDef<ListItem>[]>(() => {
    const valueColumns: ColumnDef<ListItem>[] = properties
      .filter((property) => property.active)
      .map((property) => ({
        id: `value-${property.id}`,
        header: property.displayName,
        cell: ({ row: { original } }) =>
          formatListValue(
            property.type,
            Object.hasOwn(original.listItemProperties, property.name)
              ? original.listItemProperties[property.name]
              : undefined,
          ),
      }));
    return [
      ...valueColumns,
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) => (
          <Badge tone={original.isArchived ? 'gray' : 'green'}>
            {original.isArchived ? 'Archived' : 'Active'}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original } }) => {
          const label = getListItemLabel(original, properties);
          return (
            <div className="flex gap-1">
              {!original.isArchived && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!canEdit}
                  disabledReason={roleBlock}
                  onClick={() => onEdit(original)}
                  aria-label={`Edit ${label}`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                disabled={!canEdit}
                disabledReason={roleBlock}
                onClick={() => onArchive(original, !original.isArchived)}
                aria-label={`${original.isArchived ? 'Restore' : 'Archive'} ${label}`}
              >
                {original.isArchived ? (
                  <ArchiveRestore className="size-4" aria-hidden="true" />
                ) : (
                  <Archive className="size-4" aria-hidden="true" />
                )}
                {original.isArchived ? 'Restore' : 'Archive'}
              </Button>
            </div>
          );
        },
      },
    ];
  }, [properties, canEdit, roleBlock, onEdit, onArchive]);

  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (row) => row.listItemId,
    autoResetPageIndex: false,
    initialState: { pagination: { pageIndex: 0, pageSize: itemsPageSize } },
  });

  return (
    <>
      <DataTable table={table} caption="List items" />
      <TablePager table={table} noun="items" />
    </>
  );
}
