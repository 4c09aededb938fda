import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthPage } from '../shells/auth-page';

export function ForgotPasswordRoute() {
  return (
    <AuthPage
      title="Forgot Password"
      description="Enter the email address you sign in with and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
