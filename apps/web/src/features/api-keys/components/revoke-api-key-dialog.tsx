import type { ApiKey } from '@graphium/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toastPromise } from '@/lib/toast';
import { useLastDefined } from '@/lib/use-last-defined';
import { useRevokeApiKey } from '../api/revoke-api-key';

type RevokeApiKeyDialogProps = {
  apiKey: ApiKey | undefined;
  onClose: () => void;
};

export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const revokeApiKey = useRevokeApiKey();
  const shownKey = useLastDefined(apiKey);

  const revoke = async () => {
    if (!apiKey) return;
    try {
      await toastPromise(revokeApiKey.mutateAsync(apiKey.apiKeyId), {
        pending: 'Revoking API key...',
        success: 'API key revoked successfully!',
        error: 'Failed to revoke API key.',
      });
    } catch {
      return;
    }
    onClose();
  };

  return (
    <Modal
      isOpen={apiKey !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Revoke API Key"
      size="small"
      description={
        shownKey
          ? `Are you sure you want to revoke "${shownKey.apiKeyName}"? This action cannot be undone.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void revoke()} disabled={revokeApiKey.isPending}>
            {revokeApiKey.isPending ? 'Revoking...' : 'Revoke Key'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">Programs using this key lose access immediately.</p>
    </Modal>
  );
}
