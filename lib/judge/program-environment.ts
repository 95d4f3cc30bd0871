/**
 * The environment a program under test runs with, built here and nowhere else: tilefall's own,
 * less what only tilefall may read (the job queue's password), plus what the judge tells the
 * program (its parameters and seed when tuned) and the marker by which its processes are found.
 */
import { REDIS_PASSWORD_VARIABLE } from '../node/redis-password.js';
import { PROGRAM_ID_VARIABLE } from './program-tree.js';

/**
 * Variables a program never sees: every one the job queue reads (its password), and any other of
 * the queue's that a later version may read, by their common start.
 */
const WITHHELD = [REDIS_PASSWORD_VARIABLE];
const WITHHELD_PREFIX = 'TILEFALL_REDIS_';

/** True when the program may see the variable `name`. */
export function passedToPrograms(name: string): boolean {
  const upper = name.toUpperCase();
  return !WITHHELD.includes(upper) && !upper.startsWith(WITHHELD_PREFIX);
}

/**
 * The environment of a program: `base` (tilefall's) without the variables it may not see, then
 * `variables`, then its id (so that no variable given can take it off).
 */
export function programEnvironment(
  programId: string,
  variables: Readonly<Record<string, string>> = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (passedToPrograms(name)) environment[name] = value;
  for (const [name, value] of Object.entries(variables)) if (passedToPrograms(name)) environment[name] = value;
  environment[PROGRAM_ID_VARIABLE] = programId;
  return environment;
}
