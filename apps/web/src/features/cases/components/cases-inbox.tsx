import { type CaseStatus, type CasesQuery, caseStatusLabels } from '@graphium/shared';
import clsx from 'clsx';
import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PreviousNextPager } from '@/components/ui/previous-next-pager';
import { LoadingText } from '@/components/ui/status-message';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useBulkUpdateCases } from '../api/bulk-update-cases';
import { useCaseAssignees } from '../api/get-case-assignees';
import { useCases } from '../api/get-cases';
import { CaseActionButton, CaseDue, CaseStatusBadge, ViewerReason } from './case-badges';

type Filters = Omit<CasesQuery, 'page' | 'limit'>;
const pageSize = 25;
const statuses = Object.keys(caseStatusLabels) as CaseStatus[];

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(inputClasses, 'mt-1.5')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The Cases view of the Alerts page (decision 019): filters, "My cases", bulk assign and resolve. */
export function CasesInbox({
  canWork,
  templates,
}: {
  canWork: boolean;
  /** The survey templates to filter by (the route reads them from their feature). */
  templates: readonly { templateId: string; name: string }[];
}) {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkAssignee, setBulkAssignee] = useState('');
  const cases = useCases({ ...filters, page, limit: pageSize });
  const assignees = useCaseAssignees();
  const bulk = useBulkUpdateCases();
  const reasonId = useId();
  const fromId = useId();
  const toId = useId();

  const setFilter = (changes: Filters) => {
    setFilters((current) => {
      const next: Filters = { ...current, ...changes };
      for (const key of Object.keys(next) as (keyof Filters)[]) if (!next[key]) delete next[key];
      return next;
    });
    setPage(1);
    setSelected(new Set());
  };

  const rows = cases.data?.cases ?? [];
  const total = cases.data?.total ?? 0;
  const isMine = filters.assignee === 'me';
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.caseId));
  const toggle = (caseId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(caseId)) next.delete(caseId);
      else next.add(caseId);
      return next;
    });

  const runBulk = async (action: 'assign' | 'resolve') => {
    const caseIds = [...selected];
    const request =
      action === 'assign'
        ? bulk.mutateAsync({ action, caseIds, assigneeId: bulkAssignee || null })
        : bulk.mutateAsync({ action, caseIds });
    try {
      await toastPromise(request, {
        pending: action === 'assign' ? 'Assigning cases...' : 'Resolving cases...',
        success: action === 'assign' ? 'Cases assigned.' : 'Cases resolved.',
        error: 'Failed to update the cases.',
      });
      setSelected(new Set());
    } catch {
      // The toast told the user; nothing changed (all or nothing).
    }
  };

  return (
    <section aria-labelledby="cases-heading">
      <h2 id="cases-heading" className="sr-only">
        Cases
      </h2>
      {!canWork && <ViewerReason id={reasonId} />}
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <Button
          variant={isMine ? 'primary' : 'secondary'}
          aria-pressed={isMine}
          onClick={() => setFilter({ assignee: isMine ? undefined : 'me' })}
        >
          My cases
        </Button>
        <FilterSelect
          label="Status"
          value={filters.status ?? ''}
          onChange={(value) => setFilter({ status: (value || undefined) as CaseStatus | undefined })}
          options={[
            { value: '', label: 'Any status' },
            ...statuses.map((value) => ({ value, label: caseStatusLabels[value] })),
          ]}
        />
        <FilterSelect
          label="Assignee"
          value={filters.assignee ?? ''}
          onChange={(value) => setFilter({ assignee: value || undefined })}
          options={[
            { value: '', label: 'Anyone' },
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Nobody' },
            ...(assignees.data?.assignees ?? []).map((person) => ({
              value: person.accountId,
              label: person.name,
            })),
          ]}
        />
        <FilterSelect
          label="Template"
          value={filters.templateId ?? ''}
          onChange={(value) => setFilter({ templateId: value || undefined })}
          options={[
            { value: '', label: 'Any template' },
            ...templates.map((template) => ({
              value: template.templateId,
              label: template.name,
            })),
          ]}
        />
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium text-gray-900">
            Opened from
          </label>
          <input
            id={fromId}
            type="date"
            value={filters.openedFrom ?? ''}
            onChange={(event) => setFilter({ openedFrom: event.target.value || undefined })}
            className={clsx(inputClasses, 'mt-1.5')}
          />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium text-gray-900">
            Opened to
          </label>
          <input
            id={toId}
            type="date"
            value={filters.openedTo ?? ''}
            onChange={(event) => setFilter({ openedTo: event.target.value || undefined })}
            className={clsx(inputClasses, 'mt-1.5')}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-gray-900">
          <input
            type="checkbox"
            checked={filters.overdue === 'true'}
            onChange={(event) => setFilter({ overdue: event.target.checked ? 'true' : undefined })}
            className="size-4 rounded border-gray-300 text-indigo-600"
          />
          Overdue only
        </label>
      </div>

      <fieldset className="mb-4 flex flex-wrap items-end gap-3 rounded-md bg-gray-50 p-3">
        <legend className="sr-only">Bulk actions</legend>
        <span className="pb-2 text-sm text-gray-700">{selected.size} selected</span>
        <FilterSelect
          label="Assign to"
          value={bulkAssignee}
          onChange={setBulkAssignee}
          options={[
            { value: '', label: 'Nobody' },
            ...(assignees.data?.assignees ?? []).map((person) => ({
              value: person.accountId,
              label: person.name,
            })),
          ]}
        />
        <CaseActionButton
          canWork={canWork}
          reasonId={reasonId}
          variant="secondary"
          disabled={canWork && (selected.size === 0 || bulk.isPending)}
          onClick={() => void runBulk('assign')}
        >
          Assign selected
        </CaseActionButton>
        <CaseActionButton
          canWork={canWork}
          reasonId={reasonId}
          variant="secondary"
          disabled={canWork && (selected.size === 0 || bulk.isPending)}
          onClick={() => void runBulk('resolve')}
        >
          Resolve selected
        </CaseActionButton>
      </fieldset>

      {cases.isPending ? (
        <LoadingText>Loading cases...</LoadingText>
      ) : cases.isError ? (
        <LoadError title="Error loading cases. Please try again." onRetry={() => void cases.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Inbox} title="No cases found">
          {Object.keys(filters).length > 0
            ? 'No case matches these filters.'
            : 'When an alert fires, its case appears here for your team to follow up.'}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg ring-1 ring-gray-200">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Cases</caption>
              <thead className="bg-gray-50 text-left font-semibold text-gray-900">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label="Select all cases on this page"
                      checked={allSelected}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.caseId)))
                      }
                      className="size-4 rounded border-gray-300 text-indigo-600"
                    />
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Case
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Respondent
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Assignee
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Due
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Opened
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 bg-white text-gray-900">
                {rows.map((row) => (
                  <tr key={row.caseId}>
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={`Select case ${row.alertName} (${row.respondent})`}
                        checked={selected.has(row.caseId)}
                        onChange={() => toggle(row.caseId)}
                        className="size-4 rounded border-gray-300 text-indigo-600"
                      />
                    </td>
                    <td className="px-3 py-2">
                      <Link
                        to={`/alerts/cases/${row.caseId}`}
                        className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {row.alertName}
                      </Link>
                      <div className="text-gray-600">{row.templateName}</div>
                    </td>
                    <td className="px-3 py-2">{row.respondent}</td>
                    <td className="px-3 py-2">
                      <CaseStatusBadge status={row.status} />
                    </td>
                    <td className="px-3 py-2">{row.assignee?.name ?? 'Nobody'}</td>
                    <td className="px-3 py-2">
                      <CaseDue item={row} />
                    </td>
                    <td className="px-3 py-2">{formatDateTime(row.openedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PreviousNextPager page={page} pageSize={pageSize} total={total} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
