import { type ReportFrequency, reportFrequencies } from '@graphium/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateReportSubscription } from '../api/create-report-subscription';
import { frequencyLabel } from './digest-labels';

export type DigestMember = { accountId: string; name: string; emailAddress: string };
export type DigestTemplate = { templateId: string; name: string };

const dashboardScope = 'dashboard';

/** An admin subscribes a member: who, of what (the dashboard or a template), how often. */
export function AddMemberDigestForm({
  members,
  templates,
}: {
  members: readonly DigestMember[];
  templates: readonly DigestTemplate[];
}) {
  const [accountId, setAccountId] = useState(members[0]?.accountId ?? '');
  const [scope, setScope] = useState<string>(dashboardScope);
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly');
  const create = useCreateReportSubscription();
  const details = getErrorDetails(create.error);
  const chosenAccount = accountId || members[0]?.accountId || '';

  if (members.length === 0) {
    return <p className="text-sm text-gray-600">This workspace has no active members to add.</p>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await toastPromise(
        create.mutateAsync({
          accountId: chosenAccount,
          surveyTemplateId: scope === dashboardScope ? null : scope,
          frequency,
        }),
        { pending: 'Adding the digest...', success: 'Digest added.', error: 'Failed to add the digest.' },
      );
    } catch {
      // The toast and the message below tell the person.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Member"
          value={chosenAccount}
          onValueChange={setAccountId}
          options={members.map((member) => ({
            value: member.accountId,
            label: member.name,
            description: member.emailAddress,
          }))}
          error={details.accountId}
        />
        <SelectField
          label="Digest of"
          value={scope}
          onValueChange={setScope}
          options={[
            { value: dashboardScope, label: 'Dashboard (every template)' },
            ...templates.map((template) => ({ value: template.templateId, label: template.name })),
          ]}
          error={details.surveyTemplateId}
        />
        <SelectField
          label="Frequency"
          value={frequency}
          onValueChange={setFrequency}
          options={reportFrequencies.map((value) => ({ value, label: frequencyLabel(value) }))}
          error={details.frequency}
        />
      </div>
      {create.isError && (
        <StatusMessage tone="error" title={getErrorMessage(create.error, 'Failed to add the digest.')} />
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add Digest'}
      </Button>
    </form>
  );
}
