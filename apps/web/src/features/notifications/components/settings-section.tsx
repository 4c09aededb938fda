import type { ReactNode } from 'react';

type SettingsSectionProps = {
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
};

/** One card of the Notifications page. */
export function SettingsSection({ title, description, badge, children }: SettingsSectionProps) {
  const headingId = `notifications-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </h3>
        {badge}
      </div>
      <p className="mt-1 text-sm text-gray-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
