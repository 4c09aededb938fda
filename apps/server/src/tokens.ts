import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for the client; only its SHA-256 is stored. */
export function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
