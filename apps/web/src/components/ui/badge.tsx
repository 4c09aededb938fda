import clsx from 'clsx';
import type { ReactNode } from 'react';

const toneClasses = {
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
} as const;

export type BadgeTone = keyof typeof toneClasses;

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        toneClasses[tone],
      )}
    >
      {children}
    </span>
  );
}
