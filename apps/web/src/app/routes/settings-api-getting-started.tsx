import { ApiGettingStarted } from '@/features/api-keys/components/api-getting-started';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ApiGettingStartedRoute() {
  useDocumentTitle('Getting started with the API');
  return <ApiGettingStarted />;
}
