import { invalidDigestUnsubscribeLinkMessage } from '@graphium/shared';
import { UnsubscribeFlow } from '@/components/ui/unsubscribe-flow';
import { useDigestUnsubscribeInfo } from '../api/get-digest-unsubscribe-info';
import { useUnsubscribeDigest } from '../api/unsubscribe-digest';

/** The public page a digest's unsubscribe link opens (docs/decisions/031-scheduled-reports.md). */
export function DigestUnsubscribeDetails({ token }: { token: string }) {
  return (
    <UnsubscribeFlow
      token={token}
      info={useDigestUnsubscribeInfo(token)}
      unsubscribe={useUnsubscribeDigest()}
      invalid={{
        title: invalidDigestUnsubscribeLinkMessage,
        hint: 'Use the link from the most recent digest you received, or end the digest in Settings → Digests.',
      }}
      confirm={(info) => ({
        heading: 'Unsubscribe from this digest',
        text: (
          <>
            You will no longer receive the{' '}
            <span className="font-medium text-gray-900">{info.digestName}</span>
            {info.workspaceName ? ` from ${info.workspaceName}` : ''}.
          </>
        ),
      })}
      done={(info) =>
        info.digestName
          ? `You will no longer receive the ${info.digestName}${info.workspaceName ? ` from ${info.workspaceName}` : ''}.`
          : 'You will no longer receive this digest.'
      }
    />
  );
}
