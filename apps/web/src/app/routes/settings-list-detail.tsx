import { Outlet, useParams } from 'react-router';
import { ListDetail } from '@/features/lists/components/list-detail';
import { ListItems } from '@/features/lists/components/list-items';
import { ListProperties } from '@/features/lists/components/list-properties';
import { useCanEditLists } from './settings-lists';

function useListId(): string {
  return useParams().listId ?? '';
}

/** /settings/lists/{id}: the list's header and tabs around /items (the default) or /properties. */
export function ListDetailRoute() {
  const listId = useListId();
  return (
    <ListDetail key={listId} listId={listId} canEdit={useCanEditLists()}>
      <Outlet />
    </ListDetail>
  );
}

export function ListItemsRoute() {
  return <ListItems listId={useListId()} canEdit={useCanEditLists()} />;
}

export function ListPropertiesRoute() {
  return <ListProperties listId={useListId()} canEdit={useCanEditLists()} />;
}
