import { type RefObject, useLayoutEffect } from 'react';

/**
 * Moves focus to a view's heading when it appears (or when `key` changes), so keyboard and
 * screen-reader users start on the new content instead of a button that vanished. A layout effect:
 * focus moves as the view is committed, before the respondent can click or type in it. A passive
 * effect runs later, and on a busy device took the focus from a field the respondent had already
 * clicked, so the keystrokes after the first were lost.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, key?: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger on purpose.
  useLayoutEffect(() => {
    ref.current?.focus();
  }, [ref, key]);
}
