import { accessRemovedPattern } from '@graphium/shared';
import { getErrorMessage } from './api-client';

// Why the session just ended, when the server said so ("Your access to Acme was removed."): kept
// from the 401 until the sign-in page shows it once.
let reason: string | undefined;

export function rememberSignedOutReason(error: unknown): void {
  const message = getErrorMessage(error, '');
  if (accessRemovedPattern.test(message)) reason = message;
}

export function takeSignedOutReason(): string | undefined {
  const taken = reason;
  reason = undefined;
  return taken;
}
