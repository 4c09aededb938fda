import { authKeys } from '@/features/auth/api/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { rememberSignedOutReason } from '@/lib/signed-out-reason';

/** A 401 anywhere means the session ended: the shells then send the user to sign in. */
export function createAppQueryClient() {
  return createQueryClient({
    onUnauthenticated: (client, error) => {
      rememberSignedOutReason(error);
      client.setQueryData(authKeys.startup(), null);
    },
  });
}
