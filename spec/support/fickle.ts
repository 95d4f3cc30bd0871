/**
 * A value whose one field changes after it is first read: what a getter or a Proxy of a caller's
 * may do, and what a type such as `Board` allows. The library reads each field once, at its
 * boundary, and works on what it checked (issue 81); these values hold it to that.
 */

/** `value` whose `key` answers its own value on the first read and `later` on every read after. */
export function fickle<T extends object>(value: T, key: keyof T & string, later: unknown): T {
  const copy = { ...value } as Record<string, unknown>;
  let reads = 0;
  Object.defineProperty(copy, key, {
    enumerable: true,
    get: () => (reads++ === 0 ? value[key] : later),
  });
  return copy as unknown as T;
}
