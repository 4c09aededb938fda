import { webhookVerificationSnippet } from '@graphium/shared';
import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';

const examplePayload = `{
  "type": "survey.completed",
  "timestamp": "2026-11-26T09:30:00.000Z",
  "data": { "surveyId": "…", "surveyResponses": { "…": 9 }, "scores": { "compositeScore": 90 } }
}`;

/** How a receiver checks that a delivery comes from Graphium (Standard Webhooks), with a snippet. */
export function VerifyingSignatures() {
  return (
    <div>
      <Link
        to="/settings/webhooks"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:text-indigo-900"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        All webhooks
      </Link>
      <PageHeader
        level={2}
        title="Verifying Signatures"
        description="Every delivery is signed as the Standard Webhooks specification says, so any of its libraries verifies it too."
      />
      <div className="max-w-3xl space-y-4 text-sm text-gray-700">
        <p>Each delivery is a POST with a JSON body and three headers:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className="text-xs">webhook-id</code>: the event's id. It stays the same when the event is
            retried or redelivered: keep the ids you have handled and ignore a repeat.
          </li>
          <li>
            <code className="text-xs">webhook-timestamp</code>: when this attempt was signed, in seconds since
            1970. Refuse one more than five minutes old.
          </li>
          <li>
            <code className="text-xs">webhook-signature</code>: <code className="text-xs">v1,</code> and the
            base64 HMAC-SHA256 of <code className="text-xs">id.timestamp.body</code>, keyed with your secret
            without its <code className="text-xs">whsec_</code> prefix, base64-decoded.
          </li>
        </ul>
        <p>The body:</p>
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-4 font-mono text-xs text-gray-100">
          {examplePayload}
        </pre>
        <h3 className="pt-2 text-base font-semibold text-gray-900">Node.js (TypeScript)</h3>
        <figure aria-label="Verification code for Node.js">
          <pre className="overflow-x-auto rounded-lg bg-gray-900 p-4 font-mono text-xs text-gray-100">
            {webhookVerificationSnippet}
          </pre>
        </figure>
        <p>
          Answer with a 2xx status within 10 seconds, and do the work afterwards. Any other answer, a redirect
          or no answer is retried with the same <code className="text-xs">webhook-id</code> for 24 hours, at
          growing intervals; a webhook failing for a whole day is turned off and the workspace's admins are
          told.
        </p>
      </div>
    </div>
  );
}
