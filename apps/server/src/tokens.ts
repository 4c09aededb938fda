import { createHash, randomBytes } from 'node:crypto';
import { RememberedValues } from './remembered-values.js';

/** A 256-bit random token for the client; only its SHA-256 is stored. */
export function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const sessionTokenHashes = new RememberedValues<string>();
const everyProcess = {};

/** `hashToken` of a session token, remembered: every signed-in call looks its session up by it. */
export function hashSessionToken(token: string): string {
  return sessionTokenHashes.get(everyProcess, token, hashToken)!;
}
