import type { ApiKey, CreatedApiKey } from '@graphium/shared';
import { ExternalLink, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingText } from '@/components/ui/status-message';
import { roleReason } from '@/features/auth/api/use-can';
import { apiBaseUrl } from '@/lib/api-client';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyGeneratedModal } from './api-key-generated-modal';
import { ApiKeysTable } from './api-keys-table';
import { GenerateApiKeyModal } from './generate-api-key-modal';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

const apiKeysLoadErrorMessage = 'Failed to load API keys. Please try again.';

type ApiKeysProps = {
  /** Only admins generate and revoke keys; the server enforces it too. */
  canManageKeys: boolean;
};

export function ApiKeys({ canManageKeys }: ApiKeysProps) {
  const apiKeys = useApiKeys();
  const [isGenerateOpen, setIsGenerateOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey>();
  const [revokedKey, setRevokedKey] = useState<ApiKey>();

  const generateButton = (
    <Button
      onClick={() => setIsGenerateOpen(true)}
      disabledReason={canManageKeys ? undefined : roleReason('admin', 'generate API keys')}
    >
      <Plus className="size-4" aria-hidden="true" />
      Generate API Key
    </Button>
  );

  return (
    <div>
      <PageHeader
        level={2}
        title="API Keys"
        description={
          <>
            Keys let your own programs use the Graphium API with{' '}
            <code className="text-xs">Authorization: Bearer</code>.{' '}
            <Link
              to="/settings/api-keys/getting-started"
              className="font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              Getting started
            </Link>{' '}
            ·{' '}
            <a
              href={`${apiBaseUrl}/v1/openapi.json`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              API reference
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </>
        }
        actions={generateButton}
      />
      {apiKeys.isPending ? (
        <LoadingText>Loading API keys...</LoadingText>
      ) : apiKeys.isError ? (
        <LoadError title={apiKeysLoadErrorMessage} onRetry={() => void apiKeys.refetch()} />
      ) : apiKeys.data.apiKeys.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet" action={generateButton}>
          {canManageKeys
            ? 'Generate a key to let your own programs read or change survey data.'
            : 'A workspace admin can generate keys for your own programs.'}
        </EmptyState>
      ) : (
        <>
          {!canManageKeys && (
            <p className="mb-4 text-sm text-gray-600">
              Only workspace admins can generate and revoke API keys.
            </p>
          )}
          <ApiKeysTable
            apiKeys={apiKeys.data.apiKeys}
            canManageKeys={canManageKeys}
            onRevoke={setRevokedKey}
          />
        </>
      )}
      <GenerateApiKeyModal
        isOpen={isGenerateOpen}
        onOpenChange={setIsGenerateOpen}
        onGenerated={setCreated}
      />
      <ApiKeyGeneratedModal created={created} onClose={() => setCreated(undefined)} />
      <RevokeApiKeyDialog apiKey={revokedKey} onClose={() => setRevokedKey(undefined)} />
    </div>
  );
}
