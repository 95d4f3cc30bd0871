/**
 * How long queue jobs and the keys beside them live. A run removes its jobs when it ends; what a
 * run leaves (a coordinator killed, a run told to keep its jobs) expires after
 * {@link JOB_TTL_SECONDS}: BullMQ drops a finished job that old when another finishes, and every
 * coordinator removes the jobs that old in any state when it starts ({@link sweepExpiredJobs}).
 */
import { randomBytes } from 'node:crypto';
import type * as Bullmq from 'bullmq';

/** How long a job, finished or not, may stay in Redis: seven days. */
export const JOB_TTL_SECONDS: number = 7 * 24 * 3600;

/** The retention options of every job added: finished or failed, it is dropped once {@link JOB_TTL_SECONDS} old. */
export const JOB_RETENTION: {
  readonly removeOnComplete: { readonly age: number };
  readonly removeOnFail: { readonly age: number };
} = {
  removeOnComplete: { age: JOB_TTL_SECONDS },
  removeOnFail: { age: JOB_TTL_SECONDS },
};

/** The states a job can be in that {@link sweepExpiredJobs} cleans (an active job is a worker's). */
const SWEPT_STATES = ['wait', 'paused', 'delayed', 'prioritized', 'completed', 'failed'] as const;

/** Removes the jobs of `queue` older than {@link JOB_TTL_SECONDS}, whatever run left them. */
export async function sweepExpiredJobs(queue: Bullmq.Queue): Promise<void> {
  for (const state of SWEPT_STATES) await queue.clean(JOB_TTL_SECONDS * 1000, 0, state);
}

/** The states a job is counted in, as `queue status` names them, and BullMQ's states in each. */
export const JOB_STATES = {
  waiting: ['wait', 'paused', 'prioritized', 'delayed', 'waiting-children'],
  active: ['active'],
  done: ['completed'],
  failed: ['failed'],
} as const;

/** Every BullMQ state a job can be in, for finding a run's jobs wherever they are. */
const ALL_STATES = Object.values(JOB_STATES).flat();

/**
 * Removes every job of run `run` from `queue`, whichever process added it (a resumed run's
 * earlier generations were added by the coordinator it resumes). A job a worker holds cannot be
 * removed from under it: it is counted as held, and expires once finished.
 */
export async function removeRunJobs(queue: Bullmq.Queue, run: string): Promise<{ removed: number; held: number }> {
  let removed = 0;
  let held = 0;
  for (const id of new Set(await queue.getRanges(ALL_STATES as never[], 0, -1))) {
    if (runOfJobId(id) !== run) continue;
    if ((await queue.remove(id).catch(() => 0)) === 1) removed++;
    else held++;
  }
  return { removed, held };
}

/**
 * A new run's id: twelve hex digits from the system's random source. It names the run's jobs
 * only (its results never depend on it), so it need not come from the run's seed.
 */
export function newRunId(): string {
  return randomBytes(6).toString('hex');
}

/** What a run id must look like: the letters a job id may carry before its `-`. */
export const RUN_ID_PATTERN: RegExp = /^[A-Za-z0-9_.]{1,64}$/;

/** The run a job id belongs to: its part before the first `-`. */
export function runOfJobId(id: string): string {
  const dash = id.indexOf('-');
  return dash < 0 ? id : id.slice(0, dash);
}
