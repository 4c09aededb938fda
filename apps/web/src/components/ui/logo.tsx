import clsx from 'clsx';

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path
        d="M8 22.5 13 16l4 3.5 7-9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="10.5" r="2.2" fill="#a5b4fc" />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span className={clsx('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-gray-900')}>
        Graphium
      </span>
    </span>
  );
}
