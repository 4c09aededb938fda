import { PageHeader } from '@/components/ui/page-header';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { WorkspaceRequirementSection } from './workspace-requirement-section';

type SecuritySettingsProps = {
  /** Admins set the workspace's sign-in rule (the server checks it too). */
  canManageWorkspace: boolean;
  workspaceName: string;
};

/** Settings → Security (docs/decisions/018-two-factor-and-sessions.md). */
export function SecuritySettings({ canManageWorkspace, workspaceName }: SecuritySettingsProps) {
  return (
    <div>
      <PageHeader
        level={2}
        title="Security"
        description="Two-factor sign-in, where you are signed in, your password, and deleting your account."
      />
      <div className="space-y-6">
        <TwoFactorSection />
        {canManageWorkspace && <WorkspaceRequirementSection workspaceName={workspaceName} />}
        <SessionsSection />
        <ChangePasswordForm />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
