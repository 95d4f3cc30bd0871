/**
 * `--queue URL`, the Redis of a job queue (`worker`, `tune`, `samegame solve`): read as the queue
 * clients read it (`readRedisUrl`), and never quoted in a message, since the URL may name a
 * password.
 */
import type { Options } from 'yargs';
import { readRedisUrl } from '../node/redis-queue.js';
import { type OptionSpec, secretTextOption } from './options.js';

/** Why `text` is not a queue URL, without quoting it; nothing when it is one. */
const queueUrlProblem = (text: string): string | undefined => {
  const read = readRedisUrl(text);
  return read.ok ? undefined : read.error;
};

/** `--queue URL`, with this command's description (and `demandOption` for the worker). */
export function queueOption(yargs: Options & { demandOption: true }): OptionSpec<string>;
export function queueOption(yargs: Options): OptionSpec<string | undefined>;
export function queueOption(yargs: Options): OptionSpec<string | undefined> {
  return secretTextOption(queueUrlProblem, yargs);
}
