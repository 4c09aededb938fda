import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { authKeys } from './query-keys';

async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

function useLogout() {
  return useMutation({ mutationFn: logout });
}

/**
 * docs/product-rules.md#accounts-and-sign-in: signing out clears every cache and goes to sign-in, whether or
 * not the call succeeded.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogout();

  const signOut = async () => {
    try {
      await toastPromise(mutation.mutateAsync(), {
        pending: 'Signing out...',
        success: 'Successfully signed out!',
        error: 'Failed to sign out.',
      });
    } catch {
      // The error toast has told the user; they still leave (docs/product-rules.md#texts-dates-and-errors).
    }
    queryClient.clear();
    queryClient.setQueryData(authKeys.startup(), null);
    await navigate('/sign-in', { replace: true });
  };

  return { signOut, isSigningOut: mutation.isPending };
}
