import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/form-field';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';
import { useUpdateWorkspaceSecurity, useWorkspaceSecurity } from '../api/workspace-security';
import { SecuritySection } from './security-section';

/** Admins: whether every member of the workspace must sign in with a second factor. */
export function WorkspaceRequirementSection({ workspaceName }: { workspaceName: string }) {
  const security = useWorkspaceSecurity({ enabled: true });
  const update = useUpdateWorkspaceSecurity();
  const [isRequired, setIsRequired] = useState(false);
  const saved = security.data?.requireTwoFactor;
  useEffect(() => {
    if (saved !== undefined) setIsRequired(saved);
  }, [saved]);

  const save = () =>
    void toastPromise(update.mutateAsync({ requireTwoFactor: isRequired }), {
      pending: 'Saving...',
      success: isRequired
        ? 'Two-factor sign-in is now required.'
        : 'Two-factor sign-in is no longer required.',
      error: 'Failed to save the sign-in rule.',
    }).catch(() => {});

  return (
    <SecuritySection
      id="workspace"
      title={`Sign-in rule for ${workspaceName}`}
      description="Members without two-factor sign-in are asked to set it up at their next sign-in, and can do nothing else until they have."
    >
      {security.isPending ? (
        <LoadingText>Loading the sign-in rule...</LoadingText>
      ) : security.isError ? (
        <StatusMessage tone="error" title="Failed to load the sign-in rule. Please try again." />
      ) : (
        <div className="space-y-4">
          <CheckboxField
            label="Require two-factor sign-in"
            checked={isRequired}
            onChange={(event) => setIsRequired(event.target.checked)}
          />
          <Button disabled={isRequired === saved || update.isPending} onClick={save}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
    </SecuritySection>
  );
}
