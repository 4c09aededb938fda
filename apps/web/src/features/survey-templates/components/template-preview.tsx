import { LoadError } from '@/components/ui/load-error';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { PreviewPage } from '@/respondent/preview-page';
import { useTemplatePreview } from '../api/get-template-preview';
import { kindConfigs, type TemplateKind } from '../api/template-kind';

/**
 * A version's preview (decision 022): the respondent page itself, from the version's definition,
 * recording nothing. The route loads this file on its own, so no other screen carries it.
 */
export function TemplatePreview({ kind, versionId }: { kind: TemplateKind; versionId: string }) {
  const query = useTemplatePreview(kind, versionId);
  const config = kindConfigs[kind];
  if (query.data) return <PreviewPage survey={query.data} />;
  const status = query.isPending ? undefined : getErrorStatus(query.error);
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="sr-only">Preview</h1>
      {query.isPending ? (
        <LoadingText>Loading preview...</LoadingText>
      ) : status === 404 || status === 400 ? (
        <StatusMessage tone="error" title="Template Not Found">
          {config.texts.notFound}
        </StatusMessage>
      ) : (
        <LoadError title="Error Loading Preview" onRetry={() => void query.refetch()}>
          <p>{`${config.texts.loadError}: ${getErrorMessage(query.error, 'Unknown error')}`}</p>
        </LoadError>
      )}
    </main>
  );
}
