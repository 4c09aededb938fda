import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';

export function FullPageLoading() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <LoadingText>Loading...</LoadingText>
    </main>
  );
}

export function FullPageConnectionError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="w-full max-w-md">
        <h1 className="sr-only">Connection problem</h1>
        <StatusMessage tone="error" title="Unable to reach Graphium">
          <p>Please check your connection and try again.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            Try Again
          </Button>
        </StatusMessage>
      </div>
    </main>
  );
}
