import { ownersResponsibilityNotice } from '@graphium/shared';
import { PageHeader } from '@/components/ui/page-header';
import { StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { useRetentionSettings } from '../api/get-retention-settings';
import { DeleteWorkspaceSection } from './delete-workspace-section';
import { RetentionSettingsForm } from './retention-settings-form';

type DataRetentionSettingsProps = {
  isAdmin: boolean;
  workspaceName: string;
  isProviderWorkspace: boolean;
};

/** Settings → Data Retention (admins; docs/decisions/044-retention-and-deletions.md). */
export function DataRetentionSettings({
  isAdmin,
  workspaceName,
  isProviderWorkspace,
}: DataRetentionSettingsProps) {
  const settings = useRetentionSettings({ isEnabled: isAdmin });
  return (
    <div>
      <PageHeader
        level={2}
        title="Data Retention"
        description="How long this workspace keeps what it collects, and deleting the workspace."
      />
      {!isAdmin ? (
        <StatusMessage>Only admins can change data retention. Ask an admin if you need this.</StatusMessage>
      ) : (
        <div className="space-y-6">
          <StatusMessage>
            Removals and deletions are recorded in the audit log (what and how many, never the values) and
            cannot be undone. {ownersResponsibilityNotice}
          </StatusMessage>
          {settings.isPending ? (
            <p className="text-sm text-gray-600">Loading retention...</p>
          ) : settings.isError ? (
            <StatusMessage tone="error">
              {getErrorMessage(settings.error, 'Failed to load retention.')}
            </StatusMessage>
          ) : (
            <RetentionSettingsForm settings={settings.data} />
          )}
          <DeleteWorkspaceSection workspaceName={workspaceName} isProviderWorkspace={isProviderWorkspace} />
        </div>
      )}
    </div>
  );
}
