/**
 * A service URL fit to print: `redis://user:secret@host:6379/0` becomes
 * `redis://user:***@host:6379/0`, so that a password given on the command line never reaches a
 * progress line, a report or an error message.
 */

/** The mark that stands in for a password. */
const HIDDEN = '***';

/**
 * `url` with the password of its user part replaced by `***`; a URL without one is returned as it
 * is. The user part is read up to the last `@` of the whole text rather than of the host part:
 * a password typed with a raw `/`, `?`, `#` or `@` in it is still hidden whole, at the price of
 * hiding a little more of a URL that has an `@` after its host as well.
 */
export function redactUrl(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? 0 : scheme + 3;
  const at = url.lastIndexOf('@');
  if (at < start) return url;
  const colon = url.indexOf(':', start);
  if (colon < 0 || colon > at) return url;
  return `${url.slice(0, colon + 1)}${HIDDEN}${url.slice(at)}`;
}
