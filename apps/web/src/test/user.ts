import userEvent from '@testing-library/user-event';

/**
 * A user-event session that types without pausing between keys: the tests assert on what the
 * screen shows after each step, not on timing, and the pauses made typing-heavy dialogs slow.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, ...options });
}
