import { templateStateLabel } from '@graphium/shared';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatRelative } from '@/lib/format';
import { type KindConfig, type TemplateSummary, templatePath } from '../api/template-kind';
import { TemplateStateBadge } from './template-state-badge';

type TemplatesTableProps = {
  config: KindConfig;
  templates: TemplateSummary[];
  search: string;
};

function lastUpdated(updatedAt: string | undefined): string {
  if (!updatedAt || Number.isNaN(new Date(updatedAt).getTime())) return '-';
  return formatRelative(updatedAt);
}

/** Name, Status, Responses or Usage, Last Updated; sortable; a row opens its newest version. */
export function TemplatesTable({ config, templates, search }: TemplatesTableProps) {
  const navigate = useNavigate();
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo<ColumnDef<TemplateSummary>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (row) => row.name.toLowerCase(),
        cell: ({ row: { original } }) => (
          <Link
            to={templatePath(config.kind, original.versionId)}
            className="font-medium text-gray-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {original.name}
          </Link>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => templateStateLabel(row.state),
        cell: ({ row: { original } }) => <TemplateStateBadge state={original.state} />,
      },
      {
        id: 'count',
        header: config.texts.countHeader,
        accessorFn: (row) => row.count,
        cell: ({ row: { original } }) => original.count,
      },
      {
        id: 'updatedAt',
        header: 'Last Updated',
        accessorFn: (row) => (row.updatedAt ? new Date(row.updatedAt).getTime() : undefined),
        sortUndefined: 'last',
        cell: ({ row: { original } }) => lastUpdated(original.updatedAt),
      },
    ],
    [config],
  );

  const table = useReactTable({
    data: templates,
    columns,
    state: { sorting, globalFilter: search },
    onSortingChange: setSorting,
    globalFilterFn: (row, _columnId, filter: string) =>
      row.original.name.toLowerCase().includes(filter.trim().toLowerCase()),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (row) => row.templateId,
  });
  const rows = table.getRowModel().rows;

  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{config.texts.listTitle}</caption>
        <thead className="bg-gray-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
                  >
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="inline-flex items-center gap-1 rounded hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <Icon className="size-3.5 text-gray-500" aria-hidden="true" />
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-gray-600">
                No {config.texts.noun}s match “{search.trim()}”.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className="cursor-pointer hover:bg-gray-50"
                // The name is the keyboard way in; the whole row answers a click too.
                onClick={() => navigate(templatePath(config.kind, row.original.versionId))}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 align-middle text-gray-700">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
