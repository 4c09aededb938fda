import { useNavigate } from 'react-router';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { ListsPage } from '@/features/lists/components/lists-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Editors and admins change lists; viewers read them (the server enforces it as well). */
export function useCanEditLists(): boolean {
  const role = useCurrentStartup()?.workspaces[0]?.role;
  return role === 'admin' || role === 'editor';
}

export function ListsRoute() {
  useDocumentTitle('Lists');
  const navigate = useNavigate();
  return (
    <ListsPage
      canEdit={useCanEditLists()}
      onCreated={(list) => navigate(`/settings/lists/${list.listId}/properties`)}
    />
  );
}
