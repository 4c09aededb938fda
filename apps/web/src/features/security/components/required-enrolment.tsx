import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth/api/logout';
import { authKeys } from '@/features/auth/api/query-keys';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * A member whose workspace requires two-factor sign-in, without it: enrolling is all they can do
 * (the server refuses everything else too).
 */
export function RequiredEnrolment() {
  const queryClient = useQueryClient();
  const { signOut, isSigningOut } = useSignOut();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  return (
    <div className="space-y-6">
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          doneLabel="Continue"
          onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.startup() })}
        />
      ) : (
        <TwoFactorEnrolment onEnrolled={setRecoveryCodes} />
      )}
      <Button variant="ghost" size="sm" disabled={isSigningOut} onClick={() => void signOut()}>
        Sign Out
      </Button>
    </div>
  );
}
