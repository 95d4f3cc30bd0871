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

/** A Redis connection for BullMQ: commands wait through a reconnection instead of failing. */
export async function redisConnection(url: string): Promise<Redis> {
  const { Redis } = await loadQueuePackages();
  return new Redis(url, { maxRetriesPerRequest: null });
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
    client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 2000,
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

/** A running worker: `close()` stops taking jobs and finishes the current ones. */
export interface JobWorker {
  close(): Promise<void>;
  processed(): number;
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
  let processed = 0;
  const refuse = (reason: string): never => {
    throw new bullmq.UnrecoverableError(reason);
  };
  const worker = new bullmq.Worker(
    options.queue,
    async (job) => {
      const value = await run(job.data, refuse);
      processed++;
      return value;
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
  return {
    processed: () => processed,
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
