import { useCan } from '@/features/auth/api/use-can';
import { DigestSubscriptions } from '@/features/report-digests/components/digest-subscriptions';
import { useTemplates } from '@/features/survey-templates/api/get-templates';
import { useWorkspaceUsers } from '@/features/workspace-users/api/get-workspace-users';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Settings → Digests: the members and templates an admin may choose come from their own features. */
export function DigestsRoute() {
  useDocumentTitle('Digests');
  const isAdmin = useCan('admin');
  return isAdmin ? <AdminDigests /> : <DigestSubscriptions isAdmin={false} members={[]} templates={[]} />;
}

function AdminDigests() {
  const users = useWorkspaceUsers();
  const templates = useTemplates('survey');
  const members = (users.data?.users ?? [])
    .filter((user) => user.isActive && user.account.isActive)
    .map((user) => ({
      accountId: user.accountId,
      name: `${user.account.firstName} ${user.account.lastName}`,
      emailAddress: user.account.emailAddress,
    }));
  return (
    <DigestSubscriptions
      isAdmin
      members={members}
      templates={(templates.data ?? []).map((template) => ({
        templateId: template.templateId,
        name: template.name,
      }))}
    />
  );
}
