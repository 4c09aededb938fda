import { businessNameSchema, type SignUpInput, signUpSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CheckboxField, PasswordField, TextField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useCreateAccount } from '../api/create-account';
import { passwordRulesText } from './password-rules';

const signUpFieldsSchema = signUpSchema.omit({ workspaceInvitationId: true });
// Through an invitation the business name is the inviting workspace's, shown but not editable,
// so its rules must not block the form.
const invitedSignUpFieldsSchema = signUpFieldsSchema.omit({ businessName: true });

type SignUpFields = z.output<typeof signUpFieldsSchema>;
type SignUpValues = Omit<SignUpInput, 'workspaceInvitationId' | 'termsAgreement'> & {
  termsAgreement: boolean;
};

type SignUpInvitation = {
  workspaceInvitationId: string;
  workspaceName: string;
  emailAddress: string;
};

type SignUpFormProps = {
  invitation?: SignUpInvitation | undefined;
  onSignedUp: () => void;
};

export function SignUpForm({ invitation, onSignedUp }: SignUpFormProps) {
  const createAccount = useCreateAccount();
  const schema = invitation ? invitedSignUpFieldsSchema : signUpFieldsSchema;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignUpValues, unknown, SignUpFields>({
    mode: 'onTouched',
    resolver: zodResolver(schema) as unknown as Resolver<SignUpValues, unknown, SignUpFields>,
    defaultValues: {
      firstName: '',
      lastName: '',
      businessName: invitation?.workspaceName ?? '',
      emailAddress: invitation?.emailAddress ?? '',
      password: '',
      termsAgreement: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const invitedBusinessName = invitation?.workspaceName;
    const payload = invitation
      ? {
          ...values,
          businessName: businessNameSchema.safeParse(invitedBusinessName).success
            ? invitedBusinessName
            : undefined,
          workspaceInvitationId: invitation.workspaceInvitationId,
        }
      : values;
    try {
      await toastPromise(createAccount.mutateAsync(payload), {
        pending: 'Creating account...',
        success: 'Account created successfully!',
        error: 'Failed to create account.',
      });
    } catch (error) {
      for (const [field, message] of Object.entries(getErrorDetails(error))) {
        if (field in values) setError(field as keyof SignUpValues, { message });
      }
      return;
    }
    onSignedUp();
  });

  const isInvited = invitation !== undefined;

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={isInvited ? 'Business Name' : 'Business Name (optional)'}
        autoComplete="organization"
        readOnly={isInvited}
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={isInvited}
        hint={isInvited ? 'The address your invitation was sent to.' : undefined}
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={passwordRulesText}
        error={errors.password?.message}
        {...register('password')}
      />
      <CheckboxField
        label={
          <>
            I agree to the{' '}
            <Link
              to="/terms"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-700 underline hover:text-indigo-600"
            >
              Terms of Service
            </Link>
          </>
        }
        error={errors.termsAgreement?.message}
        {...register('termsAgreement')}
      />
      <Button type="submit" fullWidth size="lg" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Already have an account?{' '}
        <Link to="/sign-in" className="font-semibold text-indigo-700 hover:text-indigo-600 hover:underline">
          Sign In
        </Link>
      </p>
    </form>
  );
}
