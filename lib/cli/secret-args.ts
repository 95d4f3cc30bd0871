/**
 * The last guard of the CLI's error lines: whatever a message quotes (yargs quotes an unknown
 * argument whole, an unexpected error may quote a client's options), the Redis passwords of the
 * command line and of `TILEFALL_REDIS_PASSWORD` are not printed.
 */
import { hideSecrets, redactUrl, urlSecrets } from '../core/redact-url.js';
import { REDIS_PASSWORD_VARIABLE } from '../node/redis-password.js';

/** True for an argument that is a Redis URL, or may be one: what follows `--queue`, or `redis://…`. */
const isQueueUrl = (arg: string, previous: string | undefined): boolean =>
  previous === '--queue' || /^rediss?:\/\//i.test(arg);

/** The secrets `args` and `environment` hold: every queue URL's, and the password variable. */
function secretsOf(args: readonly string[], environment: NodeJS.ProcessEnv): string[] {
  const urls = args.flatMap((arg, i) => {
    if (arg.startsWith('--queue=')) return [arg.slice('--queue='.length)];
    return isQueueUrl(arg, args[i - 1]) ? [arg] : [];
  });
  const variable = environment[REDIS_PASSWORD_VARIABLE];
  return [...urls.flatMap(urlSecrets), ...(variable === undefined || variable === '' ? [] : [variable])];
}

/**
 * A function that makes a message about the command line `args` fit to print: the secrets of
 * `args` and `environment` replaced by `***` wherever they appear.
 */
export function secretHider(
  args: readonly string[],
  environment: NodeJS.ProcessEnv = process.env,
): (message: string) => string {
  const secrets = secretsOf(args, environment);
  return (message) => hideSecrets(message, secrets);
}

/**
 * `message` (yargs's, which quotes an unknown argument whole) with each word that may be a URL
 * (one with `://`, an `@` or a `?`) shown as {@link redactUrl} shows it.
 */
export const redactUrlWords = (message: string): string =>
  message.replace(/[^\s,]*(?::\/\/|@|\?)[^\s,]*/g, (word) => redactUrl(word));
