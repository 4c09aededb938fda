import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText } from '@/components/ui/status-message';
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
    return <LoadError title={text} onRetry={() => void reload()} />;
  }
  return <>{children}</>;
}
