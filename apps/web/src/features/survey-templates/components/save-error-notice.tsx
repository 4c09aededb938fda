import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { isStaleWriteError } from '../api/update-template';
import { useTemplateEditor } from './template-context';

type SaveErrorNoticeProps = {
  error: unknown;
  onReload: () => void;
  className?: string;
};

/**
 * The failure of a save inside a form: a stale write says so with a Reload action (the form keeps
 * what the user typed, to save again over the fresh version); other failures show their message.
 */
function SaveErrorNotice({ error, onReload, className }: SaveErrorNoticeProps) {
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

/**
 * The save failure of a form on the template editor, and its notice: Reload forgets the failure
 * and reads the template again.
 */
export function useSaveError(className?: string) {
  const { reload } = useTemplateEditor();
  const [saveError, setSaveError] = useState<unknown>();
  const notice = (
    <SaveErrorNotice
      error={saveError}
      className={className}
      onReload={() => {
        setSaveError(undefined);
        void reload();
      }}
    />
  );
  return { saveError, setSaveError, notice };
}
