/**
 * ioredis warns with `console.warn` on every connection (and every reconnection) to a Redis that
 * asks for no password when one was given: five lines of `[WARN] …` on a worker's start, more after
 * each outage, none in tilefall's form. Those become one tilefall line per process; any other
 * warning passes through as it is.
 */

/** The start of the warnings ioredis gives for a password that the server does not ask for. */
const UNNEEDED_PASSWORD = /^\[WARN\] .*does not require a password, but a password was supplied/;

/** The line said once in their place. */
export const UNNEEDED_PASSWORD_LINE =
  'tilefall: this Redis asks for no password, but one was given (in the URL or TILEFALL_REDIS_PASSWORD): it is not used\n';

let installed = false;

/** Takes ioredis's unneeded-password warnings out of `console.warn`, saying {@link UNNEEDED_PASSWORD_LINE} once instead. */
export function quietRedisWarnings(): void {
  if (installed) return;
  installed = true;
  const warn = console.warn.bind(console);
  let said = false;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] !== 'string' || !UNNEEDED_PASSWORD.test(args[0])) return warn(...args);
    if (!said) process.stderr.write(UNNEEDED_PASSWORD_LINE);
    said = true;
  };
}
