import { type RefObject, useEffect } from 'react';

/**
 * Moves focus to a view's heading when it appears (or when `key` changes), so keyboard and
 * screen-reader users start on the new content instead of a button that vanished.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, key?: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger on purpose.
  useEffect(() => {
    ref.current?.focus();
  }, [ref, key]);
}
