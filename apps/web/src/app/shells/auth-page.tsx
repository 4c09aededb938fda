import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

type AuthPageProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** The card every page of the unauthenticated shell renders its form in. */
export function AuthPage({ title, description, children }: AuthPageProps) {
  useDocumentTitle(title);
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
      {description && <div className="mt-2 text-sm text-gray-600">{description}</div>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
