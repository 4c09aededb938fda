import { defaultPageSize, type PageSize, pageSizeOptions, paginationSummaryText } from '@graphium/shared';
import { Download, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { exportAuditEventsUrl } from '../api/export-audit-events';
import { useAuditEvents } from '../api/get-audit-events';
import { AuditLogFilters, type AuditLogFilterValues, noAuditFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';

const loadErrorMessage = 'Failed to load the audit log. Please try again.';

/** Settings → Audit log (docs/decisions/017-audit-log.md): who changed what, for admins. */
export function AuditLog({ canSeeAuditLog }: { canSeeAuditLog: boolean }) {
  const [filters, setFilters] = useState<AuditLogFilterValues>(noAuditFilters);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(defaultPageSize);
  const pageSizeId = useId();
  const params = { ...filters, page, limit };
  const events = useAuditEvents(params, { enabled: canSeeAuditLog });
  const header = (
    <PageHeader
      level={2}
      title="Audit Log"
      description="Who changed what in this workspace, when and from which address."
      actions={
        canSeeAuditLog && (
          <a
            href={exportAuditEventsUrl(filters)}
            download
            className={buttonClasses({ variant: 'secondary' })}
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        )
      }
    />
  );
  if (!canSeeAuditLog) {
    return (
      <div>
        {header}
        <StatusMessage title="Only workspace admins can see the audit log." />
      </div>
    );
  }
  const pagination = events.data?.pagination;
  return (
    <div>
      {header}
      <AuditLogFilters
        value={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {events.isPending ? (
        <LoadingText>Loading the audit log...</LoadingText>
      ) : events.isError ? (
        <LoadError title={loadErrorMessage} onRetry={() => void events.refetch()} />
      ) : events.data.events.length === 0 ? (
        <EmptyState icon={ScrollText} title="No events">
          Nothing recorded matches these filters.
        </EmptyState>
      ) : (
        <>
          <AuditLogTable events={events.data.events} />
          {pagination && (
            <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-4">
              <p className="text-sm text-gray-700">
                {paginationSummaryText(pagination.page, pagination.limit, pagination.total)}
              </p>
              <div className="flex items-center gap-2">
                <label htmlFor={pageSizeId} className="text-sm text-gray-700">
                  Rows per page
                </label>
                <select
                  id={pageSizeId}
                  className={`${inputClasses} w-20`}
                  value={limit}
                  onChange={(event) => {
                    setLimit(Number(event.target.value) as PageSize);
                    setPage(1);
                  }}
                >
                  {pageSizeOptions.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pagination.totalPages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </div>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
