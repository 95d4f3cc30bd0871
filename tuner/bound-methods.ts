/**
 * The methods of a caller's object read once, each bound to it: `tune` checks and then calls its
 * runner and its progress through such a copy, so a getter of theirs that answers otherwise on a
 * later read (a method turned into a number) is never read again after the check.
 */

/**
 * What `value` holds under each of `names`, read once: a function bound to `value`, anything
 * else as it was read (for the check to refuse); `value` itself when it is not an object.
 */
export function readMethods(value: unknown, names: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const read: Record<string, unknown> = {};
  for (const name of names) {
    const member: unknown = (value as Record<string, unknown>)[name];
    if (member !== undefined) read[name] = typeof member === 'function' ? member.bind(value) : member;
  }
  return read;
}
