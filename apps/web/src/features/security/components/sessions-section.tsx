import type { AccountSession } from '@graphium/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText } from '@/components/ui/status-message';
import { formatDateTime } from '@/lib/format';
import { toastPromise } from '@/lib/toast';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { SecuritySection } from './security-section';

const deviceOf = (session: AccountSession) => session.device ?? 'Unknown device';

/** Settings → Security: where the account is signed in; any session but this one can be ended. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];

  const signOutSession = (session: AccountSession) =>
    void toastPromise(revoke.mutateAsync(session.sessionId), {
      pending: 'Signing out the session...',
      success: `${deviceOf(session)} is signed out.`,
      error: 'Failed to sign out the session.',
    }).catch(() => {});

  const signOutOthers = () =>
    void toastPromise(revokeOthers.mutateAsync(), {
      pending: 'Signing out other sessions...',
      success: (count) =>
        count === 1 ? '1 other session is signed out.' : `${count} other sessions are signed out.`,
      error: 'Failed to sign out the other sessions.',
    }).catch(() => {});

  return (
    <SecuritySection
      id="sessions"
      title="Active sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognise."
    >
      {sessions.isPending ? (
        <LoadingText>Loading sessions...</LoadingText>
      ) : sessions.isError ? (
        <LoadError
          title="Failed to load sessions. Please try again."
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <div className="space-y-4">
          <ul
            aria-label="Active sessions"
            className="divide-y divide-gray-200 rounded-md ring-1 ring-gray-200"
          >
            {sessions.data.map((session) => (
              <li
                key={session.sessionId}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    {deviceOf(session)}
                    {session.isCurrent && <Badge tone="indigo">This device</Badge>}
                  </p>
                  <p className="text-gray-600">
                    {session.ipAddress ?? 'Unknown address'} · Last seen {formatDateTime(session.lastSeenAt)}
                  </p>
                </div>
                {!session.isCurrent && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Sign out ${deviceOf(session)}, ${session.ipAddress ?? 'unknown address'}`}
                    disabled={revoke.isPending}
                    onClick={() => signOutSession(session)}
                  >
                    Sign Out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            disabled={others.length === 0 || revokeOthers.isPending}
            onClick={signOutOthers}
          >
            Sign Out All Other Sessions
          </Button>
        </div>
      )}
    </SecuritySection>
  );
}
