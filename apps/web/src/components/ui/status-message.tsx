import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const toneStyles = {
  info: { classes: 'bg-blue-50 text-blue-900 ring-blue-200', Icon: Info },
  success: { classes: 'bg-green-50 text-green-900 ring-green-200', Icon: CheckCircle2 },
  error: { classes: 'bg-red-50 text-red-900 ring-red-200', Icon: AlertCircle },
} as const;

type StatusMessageProps = {
  tone?: keyof typeof toneStyles;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** An inline notice; errors are announced to screen readers as they appear. */
export function StatusMessage({ tone = 'info', title, children, className }: StatusMessageProps) {
  const { classes, Icon } = toneStyles[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex gap-3 rounded-lg p-4 text-sm ring-1 ring-inset', classes, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-gray-600">
      <span
        className="size-4 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
        aria-hidden="true"
      />
      {children}
    </p>
  );
}
