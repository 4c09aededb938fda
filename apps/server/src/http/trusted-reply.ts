import { oncePer } from '../once-per.js';

/** The JSON of replies that never change once built (kept in memory by a cache): made once each. */
const jsonOf = oncePer((reply: object) => JSON.stringify(reply));
const unchanging = new WeakSet<object>();

/**
 * Marks a reply object that nobody changes after this call (a cached reply, decision 048): the
 * trusted serializer writes its JSON once and reuses it for every request that answers with it.
 */
export function unchangingReply<T extends object>(reply: T): T {
  unchanging.add(reply);
  return reply;
}

/**
 * A serializer for hot routes whose handler already returns exactly the reply type: the reply
 * schema still documents and types the route, but the handler's typed value is not checked again
 * on every request. Error replies are plain objects too.
 */
export const trustedReply = () => (data: unknown) => {
  if (typeof data !== 'object' || data === null || !unchanging.has(data)) return JSON.stringify(data);
  return jsonOf(data);
};
