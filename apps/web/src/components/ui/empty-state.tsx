import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ icon: Icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="rounded-xl border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <Icon className="mx-auto size-10 text-gray-400" aria-hidden="true" />
      <p className="mt-3 text-base font-semibold text-gray-900">{title}</p>
      {children && <div className="mx-auto mt-1 max-w-md text-sm text-gray-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
