import {
  type CaseStatus,
  type ContactDetail,
  caseStatusLabels,
  type SurveyState,
  surveyResponsePath,
} from '@graphium/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { getErrorStatus } from '@/lib/api-client';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useContact } from '../api/get-contact';
import { useContactAttributes } from '../api/get-contact-attributes';

const stateDisplay: Record<SurveyState, { label: string; tone: BadgeTone }> = {
  SENT: { label: 'Sent', tone: 'gray' },
  OPENED: { label: 'Opened', tone: 'blue' },
  IN_PROGRESS: { label: 'In progress', tone: 'amber' },
  COMPLETE: { label: 'Completed', tone: 'green' },
};

const linkClasses =
  'font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

function ContactFields({ detail }: { detail: ContactDetail }) {
  const formatPhone = useFormatPhone();
  const attributes = useContactAttributes().data?.attributes ?? [];
  const labelOf = (name: string) =>
    attributes.find((attribute) => attribute.name === name)?.displayName ?? name;
  const { contact } = detail;
  const fields: [string, string][] = [
    ['Email Address', contact.emailAddress ?? '—'],
    ['Phone Number', contact.phoneNumber ? formatPhone(contact.phoneNumber) : '—'],
    ['Last Surveyed', contact.lastSurveyedAt ? formatDateTime(contact.lastSurveyedAt) : 'Never'],
    ['Added', formatDateTime(contact.createdAt)],
    ...Object.entries(contact.attributes).map(([name, value]): [string, string] => [
      labelOf(name),
      String(value),
    ]),
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-gray-900">{label}</dt>
          <dd className="mt-1 text-sm text-gray-700">{value}</dd>
        </div>
      ))}
      <div>
        <dt className="text-sm font-medium text-gray-900">Suppression</dt>
        <dd className="mt-1 flex flex-wrap gap-1 text-sm text-gray-700">
          {detail.suppressions.length === 0 ? (
            <Badge tone="green">May be messaged</Badge>
          ) : (
            detail.suppressions.map((entry) => (
              <Badge key={entry.contact} tone="red">
                {`Suppressed (${entry.reason === 'unsubscribed' ? 'unsubscribed' : 'added by staff'})`}
              </Badge>
            ))
          )}
        </dd>
      </div>
    </dl>
  );
}

function ContactSurveys({ detail }: { detail: ContactDetail }) {
  if (detail.surveys.length === 0) {
    return <p className="text-sm text-gray-600">No survey has been sent to this contact yet.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">Surveys sent to this contact</caption>
        <thead className="bg-gray-50 text-left font-semibold text-gray-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              Survey
            </th>
            <th scope="col" className="px-3 py-2">
              Sent
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Score
            </th>
            <th scope="col" className="px-3 py-2">
              Cases
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white text-gray-900">
          {detail.surveys.map((survey) => (
            <tr key={survey.surveyId}>
              <td className="px-3 py-2">
                <Link
                  to={surveyResponsePath(survey.surveyTemplateVersionId, survey.surveyId)}
                  className={linkClasses}
                >
                  {survey.surveyTemplateName}
                </Link>
              </td>
              <td className="px-3 py-2">{formatDateTime(survey.sentAt)}</td>
              <td className="px-3 py-2">
                <Badge tone={stateDisplay[survey.surveyState].tone}>
                  {stateDisplay[survey.surveyState].label}
                </Badge>
              </td>
              <td className="px-3 py-2">
                {survey.compositePercentage === null ? '—' : formatPercent(survey.compositePercentage)}
              </td>
              <td className="px-3 py-2">
                {survey.cases.length === 0
                  ? '—'
                  : survey.cases.map((item) => (
                      <Link
                        key={item.caseId}
                        to={`/alerts/cases/${item.caseId}`}
                        className={`${linkClasses} mr-2`}
                      >
                        {caseStatusLabels[item.status as CaseStatus] ?? item.status}
                      </Link>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One contact (decision 038): their fields and attributes, suppression, and every survey sent to them. */
/** `actions`: buttons other features add for the contact (erase the respondent). */
export function ContactPage({ contactId, actions }: { contactId: string; actions?: ReactNode }) {
  const contact = useContact(contactId);
  const back = (
    <Link to="/contacts" className={`${linkClasses} mb-4 inline-flex items-center gap-1 text-sm`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      All contacts
    </Link>
  );
  if (contact.isPending) return <LoadingText>Loading contact...</LoadingText>;
  if (contact.isError) {
    return (
      <>
        {back}
        <StatusMessage
          tone="error"
          title={getErrorStatus(contact.error) === 404 ? 'Contact not found' : 'Error loading the contact.'}
        />
      </>
    );
  }
  const detail = contact.data;
  const title = detail.contact.name ?? detail.contact.emailAddress ?? detail.contact.phoneNumber ?? 'Contact';
  return (
    <>
      {back}
      <PageHeader title={title} actions={actions} />
      <section aria-labelledby="contact-details-heading" className="mb-8">
        <h2 id="contact-details-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Details
        </h2>
        <ContactFields detail={detail} />
      </section>
      <section aria-labelledby="contact-surveys-heading">
        <h2 id="contact-surveys-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Surveys
        </h2>
        <ContactSurveys detail={detail} />
      </section>
    </>
  );
}
