import type { PendingInvitation, WorkspaceUser } from '@graphium/shared';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Pencil, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { roleReason } from '@/features/auth/api/use-can';
import { capitalize, formatRelative } from '@/lib/format';
import type { UserRow } from './user-rows';

const statusTones: Record<UserRow['status'], BadgeTone> = {
  Active: 'green',
  Inactive: 'gray',
  Invited: 'amber',
};

type UsersTableProps = {
  rows: UserRow[];
  currentAccountId: string | undefined;
  canEditMembers: boolean;
  onEdit: (user: WorkspaceUser) => void;
  onRevoke: (invitation: PendingInvitation) => void;
};

export function UsersTable({ rows, currentAccountId, canEditMembers, onEdit, onRevoke }: UsersTableProps) {
  const columns = useMemo<ColumnDef<UserRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original } }) =>
          original.kind === 'member' ? (
            <span className="font-medium text-gray-900">
              {original.name}
              {original.user.accountId === currentAccountId && (
                <span className="ml-2 text-xs font-normal text-gray-600">(you)</span>
              )}
            </span>
          ) : (
            <span className="text-gray-600 italic">Pending invitation</span>
          ),
      },
      { id: 'email', header: 'Email', cell: ({ row: { original } }) => original.emailAddress },
      { id: 'role', header: 'Role', cell: ({ row: { original } }) => capitalize(original.role) },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) => (
          <div className="flex flex-col items-start gap-1">
            <Badge tone={statusTones[original.status]}>{original.status}</Badge>
            {original.kind === 'invitation' && (
              <span className={original.isExpired ? 'text-xs text-red-700' : 'text-xs text-gray-600'}>
                {original.isExpired ? 'Expired' : 'Expires'} {formatRelative(original.invitation.expiresAt)}
              </span>
            )}
          </div>
        ),
      },
      {
        id: 'edit',
        header: 'Edit',
        cell: ({ row: { original } }) =>
          original.kind === 'member' ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(original.user)}
              disabledReason={canEditMembers ? undefined : roleReason('admin', 'change members')}
              aria-label={`Edit ${original.name}`}
            >
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRevoke(original.invitation)}
              disabledReason={canEditMembers ? undefined : roleReason('admin', 'revoke invitations')}
              aria-label={`Revoke invitation for ${original.emailAddress}`}
            >
              <XCircle className="size-4" aria-hidden="true" />
              Revoke
            </Button>
          ),
      },
    ],
    [currentAccountId, canEditMembers, onEdit, onRevoke],
  );

  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });

  return <DataTable table={table} caption="Workspace users and pending invitations" />;
}
