import { oncePer } from './once-per.js';

/**
 * What a costly check or digest of a value gave, remembered (decision 048): a browser sends the
 * same signed cookies on every call, and each check is an HMAC. Only values that passed are kept,
 * at most `max` per owner (an app: each has its own secret), so a forged value costs its own check
 * every time.
 */
export class RememberedValues<T> {
  private readonly knownOf = oncePer((_owner: object) => new Map<string, T>());

  constructor(private readonly max = 10_000) {}

  get(owner: object, value: string, verify: (value: string) => T | undefined): T | undefined {
    const known = this.knownOf(owner);
    const remembered = known.get(value);
    if (remembered !== undefined) return remembered;
    const verified = verify(value);
    if (verified !== undefined) {
      if (known.size >= this.max) {
        const oldest = known.keys().next();
        if (!oldest.done) known.delete(oldest.value);
      }
      known.set(value, verified);
    }
    return verified;
  }
}
