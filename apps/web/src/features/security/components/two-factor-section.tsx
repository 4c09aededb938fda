import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingText } from '@/components/ui/status-message';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { RecoveryCodes } from './recovery-codes';
import { RenewRecoveryCodesForm } from './renew-recovery-codes-form';
import { SecuritySection } from './security-section';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type Step = 'status' | 'enrolling' | 'disabling' | 'renewing';

/** Settings → Security: the member's own two-factor sign-in. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>('status');
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; title?: string }>();

  const badge = status.data ? (
    <Badge tone={status.data.isEnabled ? 'green' : 'gray'}>{status.data.isEnabled ? 'On' : 'Off'}</Badge>
  ) : undefined;

  const body = () => {
    if (recoveryCodes)
      return (
        <RecoveryCodes
          codes={recoveryCodes.codes}
          title={recoveryCodes.title}
          onDone={() => setRecoveryCodes(undefined)}
        />
      );
    if (status.isPending) return <LoadingText>Loading two-factor sign-in...</LoadingText>;
    if (status.isError) {
      return (
        <LoadError
          title="Failed to load two-factor sign-in. Please try again."
          onRetry={() => void status.refetch()}
        />
      );
    }
    if (step === 'enrolling') {
      return (
        <TwoFactorEnrolment
          onEnrolled={(codes) => {
            setStep('status');
            setRecoveryCodes({ codes });
          }}
          onCancel={() => setStep('status')}
        />
      );
    }
    const { isEnabled, isRequired, recoveryCodesLeft } = status.data;
    if (!isEnabled) {
      return <Button onClick={() => setStep('enrolling')}>Set Up Two-Factor Sign-In</Button>;
    }
    if (step === 'disabling') {
      return <DisableTwoFactorForm onDone={() => setStep('status')} />;
    }
    if (step === 'renewing') {
      return (
        <RenewRecoveryCodesForm
          onRenewed={(codes) => {
            setStep('status');
            setRecoveryCodes({ codes, title: 'New recovery codes are ready.' });
          }}
          onCancel={() => setStep('status')}
        />
      );
    }
    return (
      <div className="space-y-3 text-sm text-gray-700">
        <p>
          {recoveryCodesLeft === 1
            ? 'You have 1 unused recovery code.'
            : `You have ${recoveryCodesLeft} unused recovery codes.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStep('renewing')}>
            New Recovery Codes
          </Button>
          {!isRequired && (
            <Button variant="secondary" onClick={() => setStep('disabling')}>
              Turn Off
            </Button>
          )}
        </div>
        {isRequired && <p>Your workspace requires two-factor sign-in, so it cannot be turned off.</p>}
      </div>
    );
  };

  return (
    <SecuritySection
      id="two-factor"
      title="Two-factor sign-in"
      badge={badge}
      description="Besides your password, signing in asks for a code from an authenticator app on your phone."
    >
      {body()}
    </SecuritySection>
  );
}
