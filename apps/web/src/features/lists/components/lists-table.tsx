import { type ListSummary, listsLoadingRows, listsPageSize } from '@graphium/shared';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { roleReason } from '@/features/auth/api/use-can';
import { ListStateBadge } from './list-state-badge';
import { TablePager } from './table-pager';

type ListsTableProps = {
  lists: ListSummary[] | undefined;
  canEdit: boolean;
  onEdit: (list: ListSummary) => void;
};

const listPath = (listId: string) => `/settings/lists/${listId}`;

/**
 * docs/product-rules.md#lookup-lists: List Name, Properties, Status, Edit; 10 a page; 5 placeholder rows
 * while loading.
 */
export function ListsTable({ lists, canEdit, onEdit }: ListsTableProps) {
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<ListSummary>[]>(
    () => [
      {
        id: 'name',
        header: 'List Name',
        cell: ({ row: { original } }) => (
          <Link
            to={listPath(original.listId)}
            className="font-medium text-gray-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {original.listName}
          </Link>
        ),
      },
      {
        id: 'properties',
        header: 'Properties',
        cell: ({ row: { original } }) => original.listPropertiesCount,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) => <ListStateBadge state={original.listState} />,
      },
      {
        id: 'edit',
        header: 'Edit',
        cell: ({ row: { original } }) => (
          <Button
            variant="ghost"
            size="sm"
            disabled={original.listState === 'ARCHIVED'}
            disabledReason={canEdit ? undefined : roleReason('editor', 'edit lists')}
            aria-label={`Edit ${original.listName}`}
            onClick={(event) => {
              event.stopPropagation();
              onEdit(original);
            }}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        ),
      },
    ],
    [canEdit, onEdit],
  );

  const table = useReactTable({
    data: lists ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (row) => row.listId,
    initialState: { pagination: { pageIndex: 0, pageSize: listsPageSize } },
  });
  const isLoading = lists === undefined;

  return (
    <>
      <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-left text-sm" aria-busy={isLoading}>
          <caption className="sr-only">Lists</caption>
          <thead className="bg-gray-50">
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-gray-200">
            {isLoading
              ? Array.from({ length: listsLoadingRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                  <tr key={index} data-testid="list-placeholder-row">
                    {columns.map((column) => (
                      <td key={column.id} className="px-4 py-4">
                        <span
                          aria-hidden="true"
                          className="block h-4 w-24 animate-pulse rounded bg-gray-200"
                        />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className="cursor-pointer hover:bg-gray-50"
                    // The name is the keyboard way in; the whole row answers a click too.
                    onClick={() => navigate(listPath(row.original.listId))}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-4 py-3 align-middle text-gray-700">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {isLoading && (
        <p role="status" className="sr-only">
          Loading lists...
        </p>
      )}
      <TablePager table={table} noun="lists" />
    </>
  );
}
