import clsx from 'clsx';
import { type ReactNode, useId, useState } from 'react';

type DisabledReasonProps = {
  reason: string;
  /** Classes for the wrapper, which takes the control's place in its layout. */
  className?: string | undefined;
  /** Renders the control, given the id of the reason to name in its `aria-describedby`. */
  children: (reasonId: string) => ReactNode;
};

/**
 * A control that cannot act, with the reason shown on hover and on keyboard focus and announced
 * as its description. The control stays focusable (`aria-disabled`, not `disabled`), so keyboard
 * and screen-reader users reach it and hear why; Escape hides the reason until the pointer or the
 * focus leaves (docs/decisions/016-roles-in-every-screen.md).
 */
export function DisabledReason({ reason, className, children }: DisabledReasonProps) {
  const reasonId = useId();
  const [isDismissed, setIsDismissed] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape only hides the tooltip (WCAG 1.4.13); the control inside is the interactive element.
    <span
      className={clsx('group/reason relative inline-flex', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsDismissed(true);
      }}
      onBlur={() => setIsDismissed(false)}
      onMouseLeave={() => setIsDismissed(false)}
    >
      {children(reasonId)}
      <span
        id={reasonId}
        role="tooltip"
        className={
          isDismissed
            ? 'invisible absolute'
            : 'pointer-events-none invisible absolute top-full right-0 z-30 mt-2 w-max max-w-64 rounded-md bg-gray-900 px-2.5 py-1.5 text-left text-xs font-normal whitespace-normal text-white shadow-lg group-focus-within/reason:visible group-hover/reason:visible'
        }
      >
        {reason}
      </span>
    </span>
  );
}
