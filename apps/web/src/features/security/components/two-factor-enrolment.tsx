import { totpCodeMessage } from '@graphium/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText } from '@/components/ui/status-message';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useBeginTwoFactorEnrolment } from '../api/begin-two-factor-enrolment';
import { useConfirmTwoFactorEnrolment } from '../api/confirm-two-factor-enrolment';

type TwoFactorEnrolmentProps = {
  onEnrolled: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
};

/** The secret in groups of four, easier to type into an app by hand. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment: scan the QR code (or type the key), then confirm with a first code
 * (docs/decisions/018-two-factor-and-sessions.md).
 */
export function TwoFactorEnrolment({ onEnrolled, onCancel }: TwoFactorEnrolmentProps) {
  const begin = useBeginTwoFactorEnrolment();
  const confirm = useConfirmTwoFactorEnrolment();
  const [qrCode, setQrCode] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { mutate: start } = begin;

  useEffect(() => start(), [start]);
  const uri = begin.data?.uri;
  useEffect(() => {
    if (!uri) return;
    let isCurrent = true;
    // An SVG needs no canvas; the page's CSP allows data: images.
    QRCode.toString(uri, { type: 'svg', margin: 1, width: 192 })
      .then((svg) => {
        if (isCurrent) setQrCode(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (isCurrent) setQrCode(undefined);
      });
    return () => {
      isCurrent = false;
    };
  }, [uri]);

  const onSubmit = handleSubmit(async ({ code }) => {
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('code', { message: totpCodeMessage });
      return;
    }
    try {
      const { recoveryCodes } = await toastPromise(confirm.mutateAsync({ code: typed }), {
        pending: 'Turning on two-factor sign-in...',
        success: 'Two-factor sign-in is on.',
        error: (error) => getErrorMessage(error, 'Failed to turn on two-factor sign-in.'),
      });
      onEnrolled(recoveryCodes);
    } catch (error) {
      const details = getErrorDetails(error);
      if (details.code) setError('code', { message: details.code });
    }
  });

  if (begin.isError) {
    return (
      <LoadError
        title={getErrorMessage(begin.error, 'Failed to start the set-up.')}
        onRetry={() => start()}
      />
    );
  }
  if (!begin.data) return <LoadingText>Preparing your set-up key...</LoadingText>;

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-gray-700">
        <li>
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy).
          </p>
          {qrCode ? (
            <img
              src={qrCode}
              alt="QR code to add Graphium to your authenticator app"
              width={192}
              height={192}
              className="mt-3 rounded-md ring-1 ring-gray-200"
            />
          ) : (
            <LoadingText>Drawing the QR code...</LoadingText>
          )}
          <dl className="mt-3">
            <dt>Can&apos;t scan it? Enter this setup key in the app instead:</dt>
            <dd className="mt-1">
              <code className="inline-block rounded-md bg-gray-50 px-3 py-1.5 font-mono text-sm tracking-wider text-gray-900 ring-1 ring-gray-200">
                {groupSecret(begin.data.secret)}
              </code>
            </dd>
          </dl>
        </li>
        <li>
          <TextField
            label="Enter the 6-digit code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={errors.code?.message}
            {...register('code')}
          />
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Turning On...' : 'Turn On'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
