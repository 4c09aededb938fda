import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { toastPromise } from '@/lib/toast';

type RecoveryCodesProps = {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
  title?: string;
};

/** The ten recovery codes, shown once: right after two-factor sign-in is turned on, or renewed. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'Done',
  title = 'Two-factor sign-in is on.',
}: RecoveryCodesProps) {
  const copy = () =>
    void toastPromise(navigator.clipboard.writeText(codes.join('\n')), {
      pending: 'Copying...',
      success: 'Recovery codes copied.',
      error: 'Failed to copy the recovery codes.',
    }).catch(() => {});

  return (
    <div className="space-y-4">
      <StatusMessage tone="success" title={title}>
        Save these recovery codes somewhere safe. If you lose your phone, each code signs you in once. They
        will not be shown again.
      </StatusMessage>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 font-mono text-sm text-gray-900 sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-gray-50 px-3 py-1.5 ring-1 ring-gray-200">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          Copy Codes
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
