/**
 * A getter of one `T` per key object, made by `create` on first use and held as long as the key
 * is (a WeakMap): per application context, per database.
 */
export function oncePer<Key extends object, T>(create: (key: Key) => T): (key: Key) => T {
  const made = new WeakMap<Key, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = create(key);
      made.set(key, value);
    }
    return value;
  };
}
