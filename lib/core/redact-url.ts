/**
 * A service URL fit to print: `redis://user:secret@host:6379/0?password=x` becomes
 * `redis://user:***@host:6379/0?password=***`, so that a password given on the command line never
 * reaches a progress line, a report or an error message, however the URL names it. The same
 * reading gives the secrets themselves, for {@link hideSecrets} to take out of any other text (a
 * client library's error message) that may quote them.
 */

/** The mark that stands in for a secret. */
const HIDDEN = '***';

/** A piece of a URL's text, and whether it may be a secret. */
interface Piece {
  readonly text: string;
  readonly secret: boolean;
}

const shown = (text: string): Piece => ({ text, secret: false });
const hidden = (text: string): Piece => ({ text, secret: true });

/** Where the part after the scheme starts: after `SCHEME://`, after a leading `//`, or at 0. */
function authorityStart(url: string): number {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  if (scheme !== null) return scheme[0].length;
  return url.startsWith('//') ? 2 : 0;
}

/**
 * `user[:password]@`: the user shown, the password hidden. The user part is read up to the last
 * `@` of the whole text, as a URL parser reads it when the password holds a raw `@`.
 */
function userPieces(user: string): Piece[] {
  const colon = user.indexOf(':');
  if (colon < 0) return [shown(user), shown('@')];
  return [shown(user.slice(0, colon + 1)), hidden(user.slice(colon + 1)), shown('@')];
}

/** `host[:port]`: a port that is not a number is no port but a password typed without its `@HOST`. */
function hostPieces(authority: string): Piece[] {
  const colon = authority.lastIndexOf(':');
  if (colon < 0 || authority.endsWith(']')) return [shown(authority)];
  const port = authority.slice(colon + 1);
  return /^\d*$/.test(port) ? [shown(authority)] : [shown(authority.slice(0, colon + 1)), hidden(port)];
}

/** `?a=1&b=2`: every value hidden whatever its name, since a client may read any name as an option. */
function queryPieces(query: string): Piece[] {
  return query.split('&').flatMap((item, i) => {
    const separator = i === 0 ? [] : [shown('&')];
    const equals = item.indexOf('=');
    if (equals < 0) return [...separator, hidden(item)];
    return [...separator, shown(item.slice(0, equals + 1)), hidden(item.slice(equals + 1))];
  });
}

/** The host, its path, query and fragment: `host:port/db?query#fragment`. */
function restPieces(rest: string): Piece[] {
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? [] : [shown('#'), hidden(rest.slice(hash + 1))];
  const question = beforeHash.indexOf('?');
  const location = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? [] : [shown('?'), ...queryPieces(beforeHash.slice(question + 1))];
  const slash = location.indexOf('/');
  const authority = slash < 0 ? location : location.slice(0, slash);
  const path = slash < 0 ? [] : [shown(location.slice(slash))];
  return [...hostPieces(authority), ...path, ...query, ...fragment];
}

/**
 * `url` cut into pieces shown and pieces that may be secret. A `/`, `?` or `#` before the last
 * `@` leaves no way to tell the password from the host (a password typed with them raw, or an
 * `@` in the query): everything after the scheme is then a secret.
 */
function urlPieces(url: string): Piece[] {
  const start = authorityStart(url);
  const scheme = shown(url.slice(0, start));
  const at = url.lastIndexOf('@');
  if (at < start) return [scheme, ...restPieces(url.slice(start))];
  const user = url.slice(start, at);
  if (/[/?#]/.test(user)) return [scheme, hidden(url.slice(start))];
  return [scheme, ...userPieces(user), ...restPieces(url.slice(at + 1))];
}

/**
 * `url` with its password, every query value, its fragment and anything that cannot be told
 * apart from a password replaced by `***`; a URL without them is returned as it is.
 */
export function redactUrl(url: string): string {
  return urlPieces(url)
    .map((piece) => (piece.secret && piece.text !== '' ? HIDDEN : piece.text))
    .join('');
}

/** `text` percent-decoded as a URL's user part or query is, or undefined when it is not well encoded. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * What {@link redactUrl} hides of `url`, each as typed, percent-decoded and with `+` read as a
 * space (as a query is read): the texts a client library may quote in its messages.
 */
export function urlSecrets(url: string): string[] {
  const secrets = urlPieces(url)
    .filter((piece) => piece.secret && piece.text !== '')
    .flatMap(({ text }) => [text, decoded(text), decoded(text.replaceAll('+', ' '))]);
  return [...new Set(secrets.filter((secret): secret is string => secret !== undefined && secret !== ''))];
}

/** `text` with every occurrence of each of `secrets` (the longest first) replaced by `***`. */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  const longestFirst = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  return longestFirst.reduce((hiding, secret) => hiding.split(secret).join(HIDDEN), text);
}
