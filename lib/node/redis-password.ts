/**
 * The environment variable that holds the Redis password, in a module of its own: the CLI's secret
 * hiding and a judged program's environment need its name at every start, not the queue's code.
 */

/** The environment variable that holds the Redis password for a queue URL that names none. */
export const REDIS_PASSWORD_VARIABLE = 'TILEFALL_REDIS_PASSWORD';
