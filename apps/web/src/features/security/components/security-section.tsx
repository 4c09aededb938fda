import type { ReactNode } from 'react';

type SecuritySectionProps = {
  id: string;
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
};

/** One card of the Security page. */
export function SecuritySection({ id, title, description, badge, children }: SecuritySectionProps) {
  const headingId = `security-${id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </h3>
        {badge}
      </div>
      <div className="mt-1 text-sm text-gray-600">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
