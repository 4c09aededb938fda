import { totpCodeMessage } from '@graphium/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';

type RenewRecoveryCodesFormProps = {
  onRenewed: (codes: string[]) => void;
  onCancel: () => void;
};

/** New recovery codes take a current code from the app: the old codes stop working. */
export function RenewRecoveryCodesForm({ onRenewed, onCancel }: RenewRecoveryCodesFormProps) {
  const renew = useRenewRecoveryCodes();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('code', { message: totpCodeMessage });
    try {
      const { recoveryCodes } = await toastPromise(renew.mutateAsync({ code: typed }), {
        pending: 'Making new recovery codes...',
        success: 'New recovery codes are ready.',
        error: 'Failed to make new recovery codes.',
      });
      onRenewed(recoveryCodes);
    } catch (error) {
      const details = getErrorDetails(error);
      if (details.code) setError('code', { message: details.code });
    }
  });

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4" noValidate>
      <p className="text-sm text-gray-700">
        Your current recovery codes will stop working. Enter a code from your authenticator app to continue.
      </p>
      <TextField
        label="Enter the 6-digit code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={renew.isPending}>
          {renew.isPending ? 'Making Codes...' : 'Make New Recovery Codes'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
