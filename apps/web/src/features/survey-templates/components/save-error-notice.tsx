import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { isStaleWriteError } from '../api/update-template';

type SaveErrorNoticeProps = {
  error: unknown;
  onReload: () => void;
  className?: string;
};

/**
 * The failure of a save inside a form: a stale write says so with a Reload action (the form keeps
 * what the user typed, to save again over the fresh version); other failures show their message.
 */
export function SaveErrorNotice({ error, onReload, className }: SaveErrorNoticeProps) {
  if (!error) return null;
  if (isStaleWriteError(error)) {
    return (
      <StatusMessage tone="error" title={getErrorMessage(error)} className={className}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
          Reload
        </Button>
      </StatusMessage>
    );
  }
  return null;
}
