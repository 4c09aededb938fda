import { flexRender, type Table } from '@tanstack/react-table';

type DataTableProps<T> = {
  table: Table<T>;
  caption: string;
};

export function DataTable<T>({ table, caption }: DataTableProps<T>) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on narrow screens.
      tabIndex={0}
      aria-label={caption}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className="px-4 py-3 font-semibold whitespace-nowrap text-gray-900"
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-gray-200">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-gray-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-4 py-3 align-middle text-gray-700">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
