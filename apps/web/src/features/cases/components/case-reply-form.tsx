import { type CaseDetail, type ReplyChannel, viewerCaseReason } from '@graphium/shared';
import clsx from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { inputClasses, TextField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useReplyToCase } from '../api/reply-to-case';
import { CaseActionButton } from './case-badges';

const channelLabels: Record<ReplyChannel, string> = { email: 'E-mail', sms: 'SMS' };

/** Reply to the respondent (decision 019): e-mail or SMS through the outbox, [Property] tokens filled. */
export function CaseReplyForm({
  detail,
  canWork,
  reasonId,
}: {
  detail: CaseDetail;
  canWork: boolean;
  reasonId: string;
}) {
  const reply = useReplyToCase();
  const [channel, setChannel] = useState<ReplyChannel>(detail.contacts[0]?.channel ?? 'email');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const channelId = useId();
  const bodyId = useId();
  const hintId = useId();
  const recipient = detail.contacts.find((contact) => contact.channel === channel)?.recipient;

  if (detail.contacts.length === 0) {
    return (
      <p className="text-sm text-gray-700">
        This respondent left no e-mail address or phone number to reply to.
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canWork) return;
    setErrors({});
    try {
      await toastPromise(reply.mutateAsync({ caseId: detail.caseId, channel, subject, body }), {
        pending: 'Sending reply...',
        success: 'Reply sent.',
        error: 'Failed to send the reply.',
      });
      setSubject('');
      setBody('');
    } catch (error) {
      setErrors(getErrorDetails(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-labelledby="case-reply-heading">
      <h2 id="case-reply-heading" className="text-base font-semibold text-gray-900">
        Reply to the respondent
      </h2>
      <div>
        <label htmlFor={channelId} className="block text-sm font-medium text-gray-900">
          Send by
        </label>
        <select
          id={channelId}
          value={channel}
          disabled={!canWork}
          title={canWork ? undefined : viewerCaseReason}
          aria-describedby={canWork ? undefined : reasonId}
          onChange={(event) => setChannel(event.target.value as ReplyChannel)}
          className={clsx(inputClasses, 'mt-1.5')}
        >
          {detail.contacts.map((contact) => (
            <option key={contact.channel} value={contact.channel}>
              {channelLabels[contact.channel]} to {contact.recipient}
            </option>
          ))}
        </select>
      </div>
      {channel === 'email' && (
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          readOnly={!canWork}
          error={errors.subject}
        />
      )}
      <div>
        <label htmlFor={bodyId} className="block text-sm font-medium text-gray-900">
          Message
        </label>
        <textarea
          id={bodyId}
          rows={5}
          value={body}
          readOnly={!canWork}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={errors.body ? true : undefined}
          className={clsx(inputClasses, 'mt-1.5')}
        />
        <p id={hintId} className="mt-1.5 text-sm text-gray-600">
          {detail.tokens.length > 0
            ? `Tokens such as ${detail.tokens.map((token) => `[${token}]`).join(', ')} are filled with the respondent's values.`
            : 'The survey has no properties to fill in.'}
          {recipient ? ` Goes to ${recipient}.` : ''}
        </p>
        {(errors.body || errors.channel) && (
          <p className="mt-1.5 text-sm text-red-700">{errors.body ?? errors.channel}</p>
        )}
      </div>
      <CaseActionButton
        canWork={canWork}
        reasonId={reasonId}
        type="submit"
        disabled={canWork && reply.isPending}
      >
        Send reply
      </CaseActionButton>
    </form>
  );
}
