/**
 * What a queue URL may set besides where Redis is and who logs in: a database, by its path
 * (`/DB`) or `?db=`, and in its query `password` and `username`. ioredis takes every other query
 * name as a client option (`?keyPrefix=x` makes BullMQ throw and the run hang, `?connectTimeout=x`
 * crashes the process) and a database that is not a number as `SELECT NaN`, which kills it: such a
 * URL is refused before a client is made, in a line that quotes none of it.
 */

/** The query names a queue URL may use: the ones the guide gives, read by ioredis as it documents them. */
const QUERY_NAMES: ReadonlySet<string> = new Set(['password', 'username', 'db']);

/** The largest database number Redis can be configured with (`databases` is a C int). */
const MAX_DATABASE = 2 ** 31 - 1;

/** True for a database number as Redis's `SELECT` takes it: digits alone, from 0 to {@link MAX_DATABASE}. */
const isDatabase = (text: string): boolean => /^\d{1,10}$/.test(text) && Number(text) <= MAX_DATABASE;

/** The databases `parsed` names: its path without the leading `/` (when it has one) and each `?db=`. */
function databasesOf(parsed: URL): string[] {
  const path = parsed.pathname === '' || parsed.pathname === '/' ? [] : [parsed.pathname.slice(1)];
  return [...path, ...parsed.searchParams.getAll('db')];
}

/** Why the path and query of `parsed` (a `redis://` URL) are not ones tilefall passes on, never quoting them; nothing when they are. */
export function urlSettingsProblem(parsed: URL): string | undefined {
  if ([...parsed.searchParams.keys()].some((name) => !QUERY_NAMES.has(name)))
    return 'the URL may name only password, username and db in its query (the Redis client would read any other name as one of its options)';
  if (!databasesOf(parsed).every(isDatabase))
    return `the URL's database (redis://HOST:PORT/DB or ?db=DB) must be a whole number from 0 to ${MAX_DATABASE}`;
  return undefined;
}
