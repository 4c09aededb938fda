import type { ReactNode } from 'react';
import { Button } from './button';
import { StatusMessage } from './status-message';

/** What failed to load, said as an error (with any detail as children), and Try Again. */
export function LoadError({
  title,
  onRetry,
  className,
  children,
}: {
  title: ReactNode;
  onRetry: () => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <StatusMessage tone="error" title={title} className={className}>
      {children}
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try Again
      </Button>
    </StatusMessage>
  );
}
