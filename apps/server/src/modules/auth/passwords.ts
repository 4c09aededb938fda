import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports a const enum, which isolated modules cannot read.
const argon2id = 2 as Algorithm;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verifying against this when no account matches keeps the answer's timing from telling
// whether an e-mail address has an account.
const decoyHash = hash('decoy password that no one has', options);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}
