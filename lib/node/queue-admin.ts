/**
 * What an operator sees of and does to tilefall's job queues in a Redis (`tilefall queue status`,
 * `tilefall queue clean`): the runs with their jobs in each state, the workers with their last
 * heartbeat, and removing a run's jobs or all of them.
 */

import type * as Bullmq from 'bullmq';
import { JOB_STATES, removeRunJobs, runOfJobId } from './queue-retention.js';
import { loadQueuePackages, type Redis, redisConnection } from './redis-queue.js';
import { heartbeatKey, LOST_AFTER_MS, readHeartbeats } from './worker-heartbeat.js';

/** A state of {@link JOB_STATES}. */
export type JobStateName = keyof typeof JOB_STATES;

/** A run's jobs on one queue, by state. */
export interface RunJobs {
  readonly queue: string;
  readonly run: string;
  readonly jobs: Record<JobStateName, number>;
}

/** A worker as its heartbeat shows it. */
export interface WorkerSeen {
  readonly name: string;
  readonly queue: string;
  /** Seconds since its last heartbeat, by Redis's clock. */
  readonly lastHeartbeatSeconds: number;
  /** True once it has missed its heartbeats for a while (killed, or cut off from Redis). */
  readonly lost: boolean;
  readonly jobs: number;
}

/** What `queue status` shows. */
export interface QueueStatus {
  readonly runs: readonly RunJobs[];
  readonly workers: readonly WorkerSeen[];
}

/** Runs `f` on each of `queues` in the Redis at `url`, with one connection, closed after. */
async function onQueues<T>(
  url: string,
  queues: readonly string[],
  f: (queue: Bullmq.Queue, name: string) => Promise<T>,
): Promise<{ results: T[]; connection: Redis; close: () => Promise<void> }> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(url);
  const opened = queues.map((name) => new bullmq.Queue(name, { connection }));
  const results: T[] = [];
  for (const [i, queue] of opened.entries()) results.push(await f(queue, queues[i]));
  return {
    results,
    connection,
    close: async () => {
      for (const queue of opened) await queue.close();
      connection.disconnect();
    },
  };
}

/** The runs and workers of `queues` in the Redis at `url`. */
export async function queueStatus(url: string, queues: readonly string[]): Promise<QueueStatus> {
  const { results, connection, close } = await onQueues(url, queues, async (queue, name) => {
    const runs = new Map<string, RunJobs>();
    for (const [state, types] of Object.entries(JOB_STATES) as [JobStateName, readonly string[]][]) {
      const ids = await queue.getRanges([...types] as never[], 0, -1);
      for (const id of ids) {
        const run = runOfJobId(id);
        let entry = runs.get(run);
        if (entry === undefined) {
          entry = { queue: name, run, jobs: { waiting: 0, active: 0, done: 0, failed: 0 } };
          runs.set(run, entry);
        }
        entry.jobs[state]++;
      }
    }
    return [...runs.values()];
  });
  try {
    const beats = (await Promise.all(queues.map((queue) => readHeartbeats(connection, queue)))).flat();
    return {
      runs: results.flat(),
      workers: beats.map((beat) => ({
        name: beat.name,
        queue: beat.queue,
        lastHeartbeatSeconds: Math.round(beat.ageMs / 100) / 10,
        lost: beat.ageMs >= LOST_AFTER_MS,
        jobs: beat.jobs.length,
      })),
    };
  } finally {
    await close();
  }
}

/** What `queue clean` did: the jobs removed, and those a worker holds, which stay until it lets go. */
export interface CleanReport {
  readonly removed: number;
  readonly held: number;
}

/**
 * Removes run `run`'s jobs from `queues` in the Redis at `url`, or with no run every job of them
 * (and the heartbeats of workers lost). A job a worker holds cannot be removed from under it
 * unless every job goes: it is counted as held, and expires once finished.
 */
export async function cleanQueues(url: string, queues: readonly string[], run?: string): Promise<CleanReport> {
  const { results, connection, close } = await onQueues(url, queues, async (queue) => {
    if (run !== undefined) return removeRunJobs(queue, run);
    const counts = await queue.getJobCounts();
    await queue.obliterate({ force: true });
    return { removed: Object.values(counts).reduce((a, b) => a + b, 0), held: 0 };
  });
  try {
    if (run === undefined) {
      for (const beat of (await Promise.all(queues.map((queue) => readHeartbeats(connection, queue)))).flat())
        if (beat.ageMs >= LOST_AFTER_MS) await connection.del(heartbeatKey(beat.queue, beat.name));
    }
    return {
      removed: results.reduce((n, r) => n + r.removed, 0),
      held: results.reduce((n, r) => n + r.held, 0),
    };
  } finally {
    await close();
  }
}
