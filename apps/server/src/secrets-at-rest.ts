import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets kept in the database (TOTP secrets, identity providers' client secrets): AES-256-GCM
// under a key derived from SESSION_SECRET and the secret's purpose, so a copy of the database
// alone does not yield them, and one purpose's key opens nothing of another's.

function keyOf(sessionSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'graphium', purpose, 32));
}

export function encryptAtRest(sessionSecret: string, purpose: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret, purpose), iv);
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptAtRest(sessionSecret: string, purpose: string, stored: string): string {
  const [, iv, tag, encrypted] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret, purpose), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(encrypted!), decipher.final()]).toString('utf8');
}
