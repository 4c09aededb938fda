import { expect } from 'vitest';

/**
 * A write action a role cannot take: still present and focusable, announced as disabled, with
 * the reason as its description (docs/decisions/016-roles-in-every-screen.md).
 */
export function expectBlockedWithReason(button: HTMLElement, reason: string | RegExp): void {
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).not.toBeDisabled();
  expect(button).toHaveAccessibleDescription(reason);
}
