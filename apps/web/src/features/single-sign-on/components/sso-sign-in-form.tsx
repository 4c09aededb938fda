import { type SsoStartInput, ssoStartBodySchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { useStartSsoSignIn } from '../api/start-sso-sign-in';

type SsoSignInFormProps = {
  defaultEmailAddress?: string | undefined;
  /** Where the browser goes; the page leaves the app for the identity provider. */
  onRedirect?: (url: string) => void;
};

/**
 * "Sign In with SSO": the work address's domain chooses the business's identity provider, and the
 * browser goes there (docs/decisions/045-single-sign-on.md).
 */
export function SsoSignInForm({
  defaultEmailAddress,
  onRedirect = (url) => window.location.assign(url),
}: SsoSignInFormProps) {
  const start = useStartSsoSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SsoStartInput>({
    resolver: zodResolver(ssoStartBodySchema),
    defaultValues: { emailAddress: defaultEmailAddress ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { redirectUrl } = await start.mutateAsync(values);
      onRedirect(redirectUrl);
    } catch (error) {
      const details = getErrorDetails(error);
      setError('emailAddress', { message: details.emailAddress ?? getErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <TextField
        label="Work Email Address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="You continue at your company's sign-in page."
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <Button type="submit" fullWidth size="lg" disabled={isSubmitting || start.isPending}>
        {isSubmitting || start.isPending ? 'Continuing...' : 'Continue with SSO'}
      </Button>
    </form>
  );
}
