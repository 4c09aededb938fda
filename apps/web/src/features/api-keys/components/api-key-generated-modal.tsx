import { apiKeyCopyConfirmationMs, type CreatedApiKey } from '@graphium/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { copyText } from '@/lib/copy-text';
import { useLastDefined } from '@/lib/use-last-defined';
import { areaLabels, areaModeLabels, describeScopes, scopesSummary } from './scope-labels';

type ApiKeyGeneratedModalProps = {
  created: CreatedApiKey | undefined;
  onClose: () => void;
};

/** docs/product-rules.md#logo-and-api-keys: the new key, shown this once, with a copy button. */
export function ApiKeyGeneratedModal({ created, onClose }: ApiKeyGeneratedModalProps) {
  const shown = useLastDefined(created);
  return (
    <Modal
      isOpen={created !== undefined}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="API Key Generated"
      description={shown ? `${shown.apiKeyName} · ${scopesSummary(shown.scopes)}` : undefined}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {shown && <GeneratedKey key={shown.apiKeyId} apiKey={shown.apiKey} />}
      {shown && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-gray-900">What this key may do</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-gray-700">
            {describeScopes(shown.scopes).map(({ area, mode }) => (
              <li key={area}>
                {areaLabels[area]}: {areaModeLabels[mode]}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}

function GeneratedKey({ apiKey }: { apiKey: string }) {
  const inputId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), apiKeyCopyConfirmationMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await copyText(apiKey, containerRef.current ?? undefined);
      setIsCopied(true);
    } catch {
      toast.error('Failed to copy API key. Select the key and copy it yourself.');
    }
  };

  return (
    <div ref={containerRef} className="space-y-4">
      <StatusMessage tone="info" title="Copy this key now">
        For your security it is shown only once. If you lose it, revoke it and generate a new one.
      </StatusMessage>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
          API key
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={inputId}
            readOnly
            value={apiKey}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClasses} font-mono`}
          />
          <Button
            variant="secondary"
            onClick={() => void copy()}
            aria-label={isCopied ? 'API key copied' : 'Copy API key'}
            className="shrink-0"
          >
            {isCopied ? (
              <Check className="size-4 text-green-700" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {isCopied ? 'API key copied to the clipboard' : ''}
        </p>
      </div>
    </div>
  );
}
