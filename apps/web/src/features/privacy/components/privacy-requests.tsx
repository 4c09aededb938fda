import {
  type PrivacyHoldingCounts,
  privacyContactRequiredMessage,
  privacyNothingFoundMessage,
} from '@graphium/shared';
import { Download, Search, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { exportRespondentUrl } from '../api/export-respondent';
import { useRespondentSearch } from '../api/search-respondent';
import { EraseRespondentDialog, erasureWarning } from './erase-respondent-dialog';

const countLabels: { key: keyof PrivacyHoldingCounts; label: string }[] = [
  { key: 'surveys', label: 'Surveys' },
  { key: 'completedSurveys', label: 'Completed responses' },
  { key: 'contacts', label: 'Contacts' },
  { key: 'messages', label: 'Messages' },
  { key: 'suppressions', label: 'Suppression entries' },
  { key: 'cases', label: 'Cases' },
];

/**
 * Settings → Privacy requests (docs/decisions/043-erasure-and-access-requests.md): search a
 * respondent by e-mail address or phone number, see what is held, export it (an access request)
 * or erase it. Admins only.
 */
export function PrivacyRequests({ isAdmin }: { isAdmin: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [contact, setContact] = useState('');
  const [isErasing, setIsErasing] = useState(false);
  const search = useRespondentSearch(contact);
  const header = (
    <PageHeader
      level={2}
      title="Privacy Requests"
      description="Answer a data-protection request: find what this workspace holds about a respondent, export it or erase it."
    />
  );
  if (!isAdmin) {
    return (
      <div>
        {header}
        <StatusMessage title="Only workspace admins can answer privacy requests." />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(privacyContactRequiredMessage);
      return;
    }
    setError(undefined);
    setContact(trimmed);
  };
  const counts = search.data?.counts;
  const holdsAnything = counts !== undefined && Object.values(counts).some((count) => count > 0);
  return (
    <div>
      {header}
      <form onSubmit={submit} noValidate className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label="E-mail address or phone number"
          type="search"
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="sm:mb-px">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>
      {contact === '' ? null : search.isPending ? (
        <LoadingText>Searching...</LoadingText>
      ) : search.isError ? (
        <StatusMessage
          tone="error"
          title={getErrorMessage(search.error, 'Failed to search. Please try again.')}
        />
      ) : (
        <section aria-labelledby="privacy-held-heading" className="space-y-5">
          <h3 id="privacy-held-heading" className="text-lg font-semibold text-gray-900">
            What is held about {contact}
          </h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {countLabels.map(({ key, label }) => (
              <div key={key} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
                <dt className="text-sm text-gray-600">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold text-gray-900">{search.data.counts[key]}</dd>
              </div>
            ))}
          </dl>
          {search.data.surveys.length > 0 && (
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Surveys sent to this respondent</caption>
              <thead>
                <tr className="text-left text-gray-700">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Template
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Sent
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {search.data.surveys.map((survey) => (
                  <tr key={survey.surveyId}>
                    <td className="py-2 pr-4 text-gray-900">{survey.surveyTemplateName}</td>
                    <td className="py-2 pr-4 text-gray-700">{survey.surveyState}</td>
                    <td className="py-2 pr-4 text-gray-700">{formatDateTime(survey.sentAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {holdsAnything ? (
            <>
              <div className="flex flex-wrap gap-2">
                <a
                  href={exportRespondentUrl(contact, 'json')}
                  download
                  className={buttonClasses({ variant: 'secondary' })}
                >
                  <Download className="size-4" aria-hidden="true" />
                  Export JSON
                </a>
                <a
                  href={exportRespondentUrl(contact, 'csv')}
                  download
                  className={buttonClasses({ variant: 'secondary' })}
                >
                  <Download className="size-4" aria-hidden="true" />
                  Export CSV
                </a>
                <Button variant="danger" onClick={() => setIsErasing(true)}>
                  <UserX className="size-4" aria-hidden="true" />
                  Erase respondent
                </Button>
              </div>
              <p className="text-sm text-gray-600">{erasureWarning}</p>
            </>
          ) : (
            <StatusMessage title={privacyNothingFoundMessage} />
          )}
          <EraseRespondentDialog
            isOpen={isErasing}
            onOpenChange={setIsErasing}
            target={{ contact }}
            who={contact}
          />
        </section>
      )}
    </div>
  );
}
