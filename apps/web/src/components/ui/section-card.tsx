import { type ReactNode, useId } from 'react';

type SectionCardProps = {
  title: string;
  description: ReactNode;
  children: ReactNode;
};

/** One titled card of a settings page. */
export function SectionCard({ title, description, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      <div className="mt-1 text-sm text-gray-600">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
