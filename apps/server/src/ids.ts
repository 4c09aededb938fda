const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path's id can name a row at all. Ids are checked before any query, and a malformed
 * one is as unknown as another workspace's (404).
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
