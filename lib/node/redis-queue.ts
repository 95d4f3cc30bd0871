/**
 * The Redis side of every job queue (tuning's and a spread solve's): bullmq and ioredis are
 * optional peer packages, imported when a queue is first used, and a missing one is named in one
 * line.
 */
import type * as Bullmq from 'bullmq';
import type * as Ioredis from 'ioredis';
import { escapeControlCharacters } from '../core/control-characters.js';
import { hideSecrets, redactUrl, urlSecrets } from '../core/redact-url.js';
import { err, ok, type Result } from '../core/result.js';
import { importOptional, OPTIONAL_FEATURES } from './optional-packages.js';
import { REDIS_PASSWORD_VARIABLE } from './redis-password.js';
import { urlSettingsProblem } from './redis-url-settings.js';
import { quietRedisWarnings } from './redis-warnings.js';
import { startHeartbeat } from './worker-heartbeat.js';

/** A Redis connection (ioredis). */
export type Redis = Ioredis.Redis;

/** bullmq and ioredis, or a `MissingPackageError` naming them when they are not installed. */
export async function loadQueuePackages(): Promise<{ bullmq: typeof Bullmq; Redis: typeof Ioredis.Redis }> {
  const [bullmq, { Redis }] = await importOptional(OPTIONAL_FEATURES.queue, () =>
    Promise.all([import('bullmq'), import('ioredis')]),
  );
  quietRedisWarnings();
  return { bullmq, Redis };
}

export { REDIS_PASSWORD_VARIABLE } from './redis-password.js';

/** How a client reaches Redis: the URL for ioredis to read, and the user and password to add to it. */
export interface RedisTarget {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
}

/** What a queue URL must look like, for the messages that refuse one. */
const URL_FORM = 'give redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], or rediss://… for TLS';

/**
 * `url` as ioredis will read it (a URL without a scheme is a `redis://` one), or why it is not a
 * Redis URL, never quoting it. Read more strictly than ioredis reads it, so that no part of a
 * password can end up where a message quotes it: a scheme other than `redis` or `rediss` (ioredis
 * takes the rest for a socket path), an `@` after a raw `/`, `?` or `#` (a password typed
 * unencoded: its tail would be read as the host), a `%` that starts no escape, no host, and a
 * database or query that ioredis would read as something else (`redis-url-settings.ts`).
 */
export function readRedisUrl(url: string): Result<{ readonly text: string; readonly parsed: URL }, string> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  if (scheme !== undefined && !/^rediss?$/i.test(scheme)) return err(`not a Redis URL: ${URL_FORM}`);
  if (url.startsWith('/') && !url.startsWith('//')) return err(`not a Redis URL: ${URL_FORM}`);
  // ioredis turns TLS on for `rediss://` alone, in lower case: `REDISS://` would connect in the clear.
  const text =
    scheme !== undefined
      ? `${scheme.toLowerCase()}${url.slice(scheme.length)}`
      : url.startsWith('//')
        ? `redis:${url}`
        : `redis://${url}`;
  const start = text.indexOf('//') + 2;
  const at = text.lastIndexOf('@');
  if (at > start && /[/?#]/.test(text.slice(start, at)))
    return err(
      'the URL has an @ after a /, ? or #: write the user and password percent-encoded (@ as %40, / as %2F, ? as %3F, # as %23, % as %25)',
    );
  let parsed: URL;
  try {
    parsed = new URL(text);
    decodeURIComponent(parsed.username);
    decodeURIComponent(parsed.password);
  } catch {
    return err(`not a Redis URL (a % in a password is written %25): ${URL_FORM}`);
  }
  if (parsed.hostname === '') return err(`the URL names no host: ${URL_FORM}`);
  const settings = urlSettingsProblem(parsed);
  return settings === undefined ? ok({ text, parsed }) : err(settings);
}

/**
 * How a client reaches the Redis of queue URL `url`. A password the URL names is kept; for a URL
 * that names none, the password is `TILEFALL_REDIS_PASSWORD` of `environment` when it is set and
 * not empty, so that it need not be on a command line, which every user of the machine can read.
 * Every queue client is made from this, and it is the only place that takes a password from the
 * variable (the others read it only to hide it).
 */
export function redisTarget(url: string, environment: NodeJS.ProcessEnv = process.env): RedisTarget {
  const read = readRedisUrl(url);
  // A URL that cannot be read is left as it is, for the client to refuse.
  if (!read.ok) return { url };
  const { text, parsed } = read.value;
  const password = environment[REDIS_PASSWORD_VARIABLE];
  if (password === undefined || password === '' || parsed.password !== '') return { url: text };
  if (parsed.username === '') return { url: text, password };
  // ioredis reads `redis://USER@HOST` as USER with an empty password, which would win over this
  // one: the user moves from the URL to the options.
  const username = decodeURIComponent(parsed.username);
  parsed.username = '';
  return { url: parsed.href, username, password };
}

/**
 * `text` (a message of ioredis or BullMQ about the queue at `url`) fit to print: the URL as
 * {@link redactUrl} shows it, and every secret it holds or `TILEFALL_REDIS_PASSWORD` holds replaced
 * by `***` wherever it appears.
 */
export function withoutSecrets(text: string, url: string, environment: NodeJS.ProcessEnv = process.env): string {
  const variable = environment[REDIS_PASSWORD_VARIABLE];
  const secrets = [...urlSecrets(url), ...(variable === undefined ? [] : [variable])];
  const quoted = url === '' ? text : text.split(url).join(redactUrl(url));
  return hideSecrets(quoted, secrets);
}

/** A client of the Redis at queue URL `url` with `options`, with the password {@link redisTarget} gives. */
function redisClient(Redis: typeof Ioredis.Redis, url: string, options: Ioredis.RedisOptions): Redis {
  const { url: at, ...credentials } = redisTarget(url);
  return new Redis(at, { ...options, ...credentials });
}

/** A Redis connection for BullMQ: commands wait through a reconnection instead of failing. */
export async function redisConnection(url: string): Promise<Redis> {
  const { Redis } = await loadQueuePackages();
  return redisClient(Redis, url, { maxRetriesPerRequest: null });
}

/**
 * Checks that Redis answers at `url`, as Redis (PONG), within five seconds; resolves to the reason when it
 * does not, never with a secret in it. The first call of a run, so it is the one that reports
 * missing queue packages and a URL that cannot be read ({@link readRedisUrl}).
 */
export async function unreachable(url: string): Promise<string | undefined> {
  const read = readRedisUrl(url);
  if (!read.ok) return read.error;
  const { Redis } = await loadQueuePackages();
  let client: Redis;
  try {
    client = redisClient(Redis, url, {
      lazyConnect: true,
      connectTimeout: 2000,
      // A probe closes at once: ioredis's default keeps the process alive two more seconds.
      disconnectTimeout: 100,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
  } catch {
    // The URL parser's error holds the whole URL, password included: only what is wrong is told.
    return `not a Redis URL: ${URL_FORM}`;
  }
  // Once ioredis gives up it rejects with "Connection is closed."; the error event said why.
  let cause: Error | undefined;
  client.on('error', (error: Error) => {
    cause = error;
  });
  try {
    const reply = await withinProbeTime(client.connect().then(() => client.ping()));
    if (reply === LATE) return `no answer within ${PROBE_MS / 1000} s: is it a Redis that listens there?`;
    if (reply !== 'PONG') return 'it answers, but not as Redis does: is it a Redis that listens there?';
    // ioredis selects the URL's database on its own and tells a refusal (no such database) only
    // as an error event, before the ping's answer: the queue would not work there.
    return cause === undefined ? undefined : withoutSecrets(firstLine(cause), url);
  } catch (error) {
    return withoutSecrets(firstLine(cause ?? error), url);
  } finally {
    client.disconnect();
  }
}

/** How long the probe waits for Redis to be ready and answer: ioredis's own timeout ends with the TCP connection. */
const PROBE_MS = 5000;

/** What {@link withinProbeTime} resolves to when the deadline passes first. */
const LATE = Symbol('late');

/**
 * `work`, or {@link LATE} once {@link PROBE_MS} have passed: a server that takes the connection and
 * never answers (a silent port, a firewall that drops) would otherwise keep the probe forever.
 */
function withinProbeTime<T>(work: Promise<T>): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(resolve, PROBE_MS, LATE);
  });
  // Rejected after the deadline (the probe disconnects): nothing waits for it then.
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The first line of an error's message (or of what was thrown). */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim() || 'unknown error';
}

/** The error codes of a connection lost or refused: an outage, which its own line reports. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** True for an error that says the connection is down rather than that something else went wrong. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (syscall === 'connect' || syscall === 'read' || syscall === 'write') return true;
  return /Connection is closed|Stream isn't writeable|connect ETIMEDOUT|ECONNREFUSED|ECONNRESET/.test(error.message);
}

/** Where a process tells of its Redis outages: see {@link outageReport}. */
export interface OutageReport {
  /** Watches `connection` (to the report's queue); returns the handler of the errors of the queue clients on it. */
  watch(connection: Redis): (error: unknown) => void;
}

/**
 * Tells `log` of the outages of the connections it watches (to the queue at `url`): one line when
 * the first is lost, one when all are back, however many times ioredis tries again in between.
 * The errors of the queue's clients (BullMQ's queue and workers) that belong to an outage say
 * nothing more; any other is one line, never a stack trace nor a secret, and never the same line
 * twice in a row.
 */
export function outageReport(url: string, log: (line: string) => void): OutageReport {
  const where = redactUrl(url);
  const down = new Set<Redis>();
  let last: string | undefined;
  const onError = (error: unknown) => {
    if (down.size > 0 || isConnectionError(error)) return;
    const line = withoutSecrets(firstLine(error), url);
    if (line === last) return;
    last = line;
    log(`queue error: ${line}`);
  };
  return {
    watch(connection) {
      connection.on('reconnecting', () => {
        if (down.size === 0) log(`lost Redis at ${where}: reconnecting, the jobs wait`);
        down.add(connection);
        last = undefined;
      });
      connection.on('ready', () => {
        if (down.delete(connection) && down.size === 0) log(`Redis at ${where} is back`);
      });
      connection.on('error', onError);
      return onError;
    },
  };
}

/** Where a job stands for the one who added it: not done yet, done with its value, failed, or gone. */
export type JobOutcome =
  | { readonly state: 'pending' }
  | { readonly state: 'completed'; readonly value: unknown }
  | { readonly state: 'failed'; readonly reason: string }
  | { readonly state: 'vanished' };

/** The outcome of job `id` of `queue`. */
export async function jobOutcome(bullmq: typeof Bullmq, queue: Bullmq.Queue, id: string): Promise<JobOutcome> {
  // The state first, the job after: a job read before its state is finished may have finished
  // in between, and that copy of it would lack the result.
  const state = await queue.getJobState(id);
  if (state === 'unknown') return { state: 'vanished' };
  if (state !== 'completed' && state !== 'failed') return { state: 'pending' };
  const job = await bullmq.Job.fromId(queue, id);
  if (job === undefined) return { state: 'vanished' };
  // The reason is anyone's who can write to Redis, and is printed: no control character reaches a terminal.
  return state === 'failed'
    ? { state, reason: escapeControlCharacters(String(job.failedReason ?? '')) }
    : { state, value: job.returnvalue };
}

/** A worker's settings common to every queue. */
export interface JobWorkerOptions {
  readonly url: string;
  readonly queue: string;
  /** Jobs run at once. */
  readonly concurrency: number;
  /**
   * How long a job stays locked without a renewal: a worker that dies loses its job after this
   * long (the lock is renewed while the worker computes, however long the job).
   */
  readonly lockMs: number;
  /** Where the worker tells of a Redis outage, its end, and any other queue error (none unless given). */
  readonly outages?: OutageReport;
  /** The worker's name in its heartbeat (`worker-heartbeat.ts`); none is written without one. */
  readonly name?: string;
  /** Told of each job `run` refuses: the job's id, and why (the reason its adder gets). */
  readonly onRefused?: (job: string, reason: string) => void;
}

/** A running worker. */
export interface JobWorker {
  /** Jobs taken and not yet reported to Redis as done or failed. */
  busy(): number;
  /**
   * Stops the worker: it takes no new job, gives the jobs under way `graceMs` to finish and be
   * reported, then closes its connections without waiting on Redis, which may be gone. Resolves to
   * the jobs left unfinished; each goes back to the queue once its lock runs out.
   */
  close(graceMs: number): Promise<number>;
  /** Jobs done and reported. */
  processed(): number;
}

/** The jobs a worker holds, and a wait for it to hold none. */
interface HeldJobs {
  take(job: object): void;
  release(job: object): void;
  count(): number;
  /** The ids of the jobs held. */
  ids(): string[];
  /** Resolves once no job is held, or when `ms` have passed. */
  settle(ms: number): Promise<void>;
}

/** A worker's {@link HeldJobs}, none at first. */
function heldJobs(): HeldJobs {
  const held = new Set<object>();
  let wake: (() => void) | undefined;
  return {
    take: (job) => held.add(job),
    release(job) {
      if (held.delete(job) && held.size === 0) wake?.();
    },
    count: () => held.size,
    ids: () =>
      [...held].flatMap((job) => {
        const { id } = job as { id?: unknown };
        return typeof id === 'string' ? [id] : [];
      }),
    settle: (ms) =>
      new Promise((resolve) => {
        if (held.size === 0) return resolve();
        // Cleared when the last job is released, so that no timer outlives the wait.
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      }),
  };
}

/**
 * Starts a BullMQ worker that runs `run` on each job's data and returns its value; a job for which
 * `run` calls `refuse` fails at once (no retry), with that reason for its adder to report (and
 * for `onRefused`, the worker's own log).
 */
export async function startJobWorker(
  options: JobWorkerOptions,
  run: (data: unknown, refuse: (reason: string) => never) => Promise<unknown>,
): Promise<JobWorker> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(options.url);
  // The worker reconnects by itself: an outage is a line when it starts and one when it ends.
  const onError = (options.outages ?? outageReport(options.url, () => {})).watch(connection);
  const held = heldJobs();
  const heartbeat =
    options.name === undefined ? undefined : startHeartbeat(connection, options.queue, options.name, held.ids);
  let processed = 0;
  const worker = new bullmq.Worker(
    options.queue,
    async (job) => {
      held.take(job);
      heartbeat?.beat();
      const refuse = (reason: string): never => {
        options.onRefused?.(job.id ?? '(no id)', reason);
        throw new bullmq.UnrecoverableError(reason);
      };
      return run(job.data, refuse);
    },
    {
      connection,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: Math.max(500, Math.floor(options.lockMs / 2)),
      maxStalledCount: 1000,
    },
  );
  worker.on('error', onError);
  // A job is held until its outcome is in Redis, not only until it is computed: BullMQ emits these
  // once it has written the outcome, with the job object the processor was given.
  worker.on('completed', (job) => {
    processed++;
    held.release(job);
  });
  worker.on('failed', (job) => {
    if (job !== undefined) held.release(job);
  });
  return {
    busy: () => held.count(),
    processed: () => processed,
    async close(graceMs) {
      // Paused, the worker takes no new job, and reporting a finished one fetches no next.
      await worker.pause(true);
      await held.settle(graceMs);
      const unfinished = held.count();
      // BullMQ's gentle close waits on Redis (for the blocking connection to end, and for the jobs'
      // outcomes to be written), which never answers once it is gone; forced, it waits on nothing.
      await worker.close(true);
      await heartbeat?.stop();
      connection.disconnect();
      return unfinished;
    },
  };
}
