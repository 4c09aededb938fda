import { authKeys } from '@/features/auth/api/query-keys';
import { createQueryClient } from '@/lib/query-client';

/** A 401 anywhere means the session ended: the shells then send the user to sign in. */
export function createAppQueryClient() {
  return createQueryClient({
    onUnauthenticated: (client) => client.setQueryData(authKeys.startup(), null),
  });
}
