import { type Account, type CompleteSignUp, completeSignUpSchema } from '@graphium/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorDetails } from '@/lib/api-client';
import { toastPromise } from '@/lib/toast';
import { useUpdateAccount } from '../api/update-account';

type CompleteSignUpValues = z.input<typeof completeSignUpSchema>;

type CompleteSignUpFormProps = {
  account: Account;
  onCompleted: () => void;
};

/** The minimal sign-up variant: only the name rules apply (docs/product-rules.md#accounts-and-sign-in). */
export function CompleteSignUpForm({ account, onCompleted }: CompleteSignUpFormProps) {
  const updateAccount = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<CompleteSignUpValues, unknown, CompleteSignUp>({
    mode: 'onTouched',
    resolver: zodResolver(completeSignUpSchema),
    defaultValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      businessName: account.businessName ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await toastPromise(updateAccount.mutateAsync(values), {
        pending: 'Updating account...',
        success: 'Account updated successfully!',
        error: 'Failed to update account.',
      });
    } catch (error) {
      for (const [field, message] of Object.entries(getErrorDetails(error))) {
        if (field in values) setError(field as keyof CompleteSignUpValues, { message });
      }
      return;
    }
    onCompleted();
  });

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
        label="Business Name (optional)"
        autoComplete="organization"
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <Button type="submit" fullWidth size="lg" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Complete Sign Up'}
      </Button>
    </form>
  );
}
