import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PreviousNextPager } from '@/components/ui/previous-next-pager';
import { LoadingText } from '@/components/ui/status-message';
import { useRoleReason } from '@/features/auth/api/use-can';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { formatDateTime } from '@/lib/format';
import { useContacts } from '../api/get-contacts';
import { AddAttributeModal } from './add-attribute-modal';
import { AddContactModal } from './add-contact-modal';
import { FatigueRuleForm } from './fatigue-rule-form';
import { ImportContactsModal } from './import-contacts-modal';
import { RecurringSendsSection } from './recurring-sends-section';
import { SegmentsSection } from './segments-section';

const pageSize = 25;

/**
 * The contacts directory (decision 038): search and paging; editors add contacts and attributes
 * and import CSV files; the fatigue rule below.
 */
export function ContactsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'contact' | 'attribute' | 'import' | undefined>();
  const openChange = (name: 'contact' | 'attribute' | 'import') => (isOpen: boolean) =>
    setDialog(isOpen ? name : undefined);
  const contacts = useContacts({ search: search.trim() || undefined, page, limit: pageSize });
  const formatPhone = useFormatPhone();
  const reason = useRoleReason('editor', 'change contacts');
  const searchId = useId();

  const rows = contacts.data?.contacts ?? [];
  const total = contacts.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Everyone your workspace has surveyed or imported, one contact per e-mail address and phone number."
        actions={
          <>
            <Button variant="secondary" disabledReason={reason} onClick={() => setDialog('attribute')}>
              Add Attribute
            </Button>
            <Button variant="secondary" disabledReason={reason} onClick={() => setDialog('import')}>
              Import CSV
            </Button>
            <Button disabledReason={reason} onClick={() => setDialog('contact')}>
              Add Contact
            </Button>
          </>
        }
      />
      <div className="mb-4 max-w-md">
        <label htmlFor={searchId} className="block text-sm font-medium text-gray-900">
          Search contacts
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Name, e-mail address or phone number"
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className={`${inputClasses} mt-1.5`}
        />
      </div>
      {contacts.isPending ? (
        <LoadingText>Loading contacts...</LoadingText>
      ) : contacts.isError ? (
        <LoadError
          title="Error loading contacts. Please try again."
          onRetry={() => void contacts.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={Users} title="No contacts found">
          {search.trim()
            ? 'No contact matches this search.'
            : 'Contacts appear here when you send surveys, add them or import a CSV file.'}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg ring-1 ring-gray-200">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Contacts</caption>
              <thead className="bg-gray-50 text-left font-semibold text-gray-900">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Contact
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Email Address
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Phone Number
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last Surveyed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Added
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 bg-white text-gray-900">
                {rows.map((row) => (
                  <tr key={row.contactId}>
                    <td className="px-3 py-2">
                      <Link
                        to={`/contacts/${row.contactId}`}
                        className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {row.name ?? row.emailAddress ?? formatPhone(row.phoneNumber ?? '')}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{row.emailAddress ?? '—'}</td>
                    <td className="px-3 py-2">{row.phoneNumber ? formatPhone(row.phoneNumber) : '—'}</td>
                    <td className="px-3 py-2">
                      {row.lastSurveyedAt ? formatDateTime(row.lastSurveyedAt) : 'Never'}
                    </td>
                    <td className="px-3 py-2">{formatDateTime(row.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PreviousNextPager page={page} pageSize={pageSize} total={total} onPageChange={setPage} />
        </>
      )}
      <SegmentsSection />
      <RecurringSendsSection />
      <FatigueRuleForm />
      <AddContactModal isOpen={dialog === 'contact'} onOpenChange={openChange('contact')} />
      <AddAttributeModal isOpen={dialog === 'attribute'} onOpenChange={openChange('attribute')} />
      <ImportContactsModal isOpen={dialog === 'import'} onOpenChange={openChange('import')} />
    </>
  );
}
