import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { useTemplateEditor } from './template-context';

type TabStateProps = {
  loading: string;
  /** The error text; a function receives the failure's message. */
  error: string | ((message: string) => string);
  children: ReactNode;
};

/**
 * A tab's own loading and error texts while the version is read again
 * (docs/product-rules.md#survey-templates-and-versions).
 */
export function TabState({ loading, error, children }: TabStateProps) {
  const { reloadStatus, reload, loadError } = useTemplateEditor();
  if (reloadStatus === 'loading') return <LoadingText>{loading}</LoadingText>;
  if (reloadStatus === 'error') {
    const text = typeof error === 'string' ? error : error(getErrorMessage(loadError, 'Unknown error'));
    return (
      <StatusMessage tone="error" title={text}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
          Try Again
        </Button>
      </StatusMessage>
    );
  }
  return <>{children}</>;
}
