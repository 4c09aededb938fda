import { useNavigate } from 'react-router';
import { useCan } from '@/features/auth/api/use-can';
import { ListsPage } from '@/features/lists/components/lists-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Editors and admins change lists; viewers read them (the server enforces it as well). */
export function useCanEditLists(): boolean {
  return useCan('editor');
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
