/**
 * The Redis side of every job queue (tuning's and a spread solve's): bullmq and ioredis are
 * optional peer packages, imported when a queue is first used, and a missing one is named in one
 * line.
 */
import type * as Bullmq from 'bullmq';
import type * as Ioredis from 'ioredis';
import { redactUrl } from '../core/redact-url.js';
import { importOptional, OPTIONAL_FEATURES } from './optional-packages.js';

/** A Redis connection (ioredis). */
export type Redis = Ioredis.Redis;

/** bullmq and ioredis, or a `MissingPackageError` naming them when they are not installed. */
export async function loadQueuePackages(): Promise<{ bullmq: typeof Bullmq; Redis: typeof Ioredis.Redis }> {
  const [bullmq, { Redis }] = await importOptional(OPTIONAL_FEATURES.queue, () =>
    Promise.all([import('bullmq'), import('ioredis')]),
  );
  return { bullmq, Redis };
}

/** The environment variable that holds the Redis password for a queue URL that names none. */
export const REDIS_PASSWORD_VARIABLE = 'TILEFALL_REDIS_PASSWORD';

/** How a client reaches Redis: the URL for ioredis to read, and the user and password to add to it. */
export interface RedisTarget {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
}

/** `url` as ioredis reads it (a URL without a scheme is a `redis://` one), or undefined when it cannot be read. */
function readRedisUrl(url: string): URL | undefined {
  const full = /^rediss?:\/\//i.test(url) ? url : url.startsWith('//') ? `redis:${url}` : `redis://${url}`;
  try {
    return new URL(full);
  } catch {
    return undefined;
  }
}

/**
 * How a client reaches the Redis of queue URL `url`. A password the URL names is kept; for a URL
 * that names none, the password is `TILEFALL_REDIS_PASSWORD` of `environment` when it is set and
 * not empty, so that it need not be on a command line, which every user of the machine can read.
 * Every queue client is made from this, and it is the only place that reads the variable.
 */
export function redisTarget(url: string, environment: NodeJS.ProcessEnv = process.env): RedisTarget {
  const password = environment[REDIS_PASSWORD_VARIABLE];
  if (password === undefined || password === '') return { url };
  const parsed = readRedisUrl(url);
  // A URL that cannot be read is left to ioredis, which refuses it; one with a password keeps it.
  if (parsed === undefined || parsed.password !== '') return { url };
  if (parsed.username === '') return { url, password };
  // ioredis reads `redis://USER@HOST` as USER with an empty password, which would win over this
  // one: the user moves from the URL to the options.
  try {
    const username = decodeURIComponent(parsed.username);
    parsed.username = '';
    return { url: parsed.href, username, password };
  } catch {
    return { url };
  }
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
 * Checks that Redis answers at `url` (within about two seconds); resolves to the reason when it
 * does not, never with the URL's password in it. The first call of a run, so it is the one that
 * reports missing queue packages and a URL that cannot be read.
 */
export async function unreachable(url: string): Promise<string | undefined> {
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
    return 'not a Redis URL: give redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], or rediss://… for TLS';
  }
  // Once ioredis gives up it rejects with "Connection is closed."; the error event said why.
  let cause: Error | undefined;
  client.on('error', (error: Error) => {
    cause = error;
  });
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    const reason = (cause ?? (error as Error)).message || String(error);
    return reason.split(url).join(redactUrl(url));
  } finally {
    client.disconnect();
  }
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
  return state === 'failed' ? { state, reason: job.failedReason } : { state, value: job.returnvalue };
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
 * `run` calls `refuse` fails at once (no retry), with that reason for its adder to report.
 */
export async function startJobWorker(
  options: JobWorkerOptions,
  run: (data: unknown, refuse: (reason: string) => never) => Promise<unknown>,
): Promise<JobWorker> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(options.url);
  connection.on('error', () => {}); // connection errors: the worker reconnects by itself
  const held = heldJobs();
  let processed = 0;
  const refuse = (reason: string): never => {
    throw new bullmq.UnrecoverableError(reason);
  };
  const worker = new bullmq.Worker(
    options.queue,
    async (job) => {
      held.take(job);
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
  worker.on('error', () => {});
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
      connection.disconnect();
      return unfinished;
    },
  };
}
