import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { decryptAtRest, encryptAtRest } from '../../secrets-at-rest.js';

// TOTP as RFC 6238 and every authenticator app have it: SHA-1, 6 digits, 30-second steps
// (docs/decisions/018-two-factor-and-sessions.md).
const period = 30;
const digits = 6;
const issuer = 'Graphium';

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits, period, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret in base32, as authenticator apps take it. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI a QR code carries. */
export function totpUri(secret: string, emailAddress: string): string {
  return totpOf(secret, emailAddress).toString();
}

/**
 * The time step a code belongs to when it is right for `now` or one step either side (a phone's
 * clock drifts), else undefined. Refusing a step already used is the caller's job.
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token, timestamp, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / period) + delta;
}

/** The code for a time (tests). */
export function totpCodeAt(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

const atRest = 'totp secret at rest';

export function encryptTotpSecret(sessionSecret: string, secret: string): string {
  return encryptAtRest(sessionSecret, atRest, secret);
}

export function decryptTotpSecret(sessionSecret: string, stored: string): string {
  return decryptAtRest(sessionSecret, atRest, stored);
}

/** Ten recovery codes like `k7m2p-x9q4t`: 50 bits each, easy to read out and type. */
export function createRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared without case, spaces or the dash. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
