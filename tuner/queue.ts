/**
 * Fitness evaluations on a BullMQ job queue (Redis), for tuning on many machines. The
 * coordinator turns each genome's batch of evaluations into one job; `tilefall worker`
 * processes on any machine run them; the coordinator gathers the scores in task order, so the
 * output is the same as a local run's whatever the workers and the order they finish in.
 *
 * A job's id is its run's key and a hash of its content: adding it again (after `--resume`, or
 * by a second coordinator of the same run) finds the job already there, and a finished job's
 * scores are reused rather than computed again. A job carries everything a worker needs (the
 * game's name, instance texts, weights, budget, seeds) and the package version, which the
 * worker checks. A job of a game that runs a user's program carries the game's config and the
 * program's fingerprint but never the program: a worker runs its own, given on its command line,
 * and refuses the job when the fingerprints differ. A worker's lock on a job is renewed while it
 * computes; a worker that dies loses it, and the job goes back to the queue for another worker.
 *
 * bullmq and ioredis are optional peer packages (only `--queue` uses them): they are imported when
 * a queue is first used, and a missing one is named in one line.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { redactUrl } from '../lib/core/redact-url.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { type Evaluation, FAILURE_KINDS, type GameConfig, type TuningProgram } from '../lib/core/tuning-game.js';
import { type JobReader, readJobData } from '../lib/node/queue-job-data.js';
import {
  type JobWorker,
  jobOutcome,
  loadQueuePackages,
  redisConnection,
  startJobWorker,
  unreachable,
} from '../lib/node/redis-queue.js';
import type { EvaluationTask } from './evaluate-task.js';
import type { TaskRunner } from './pool.js';

export { redisConnection, unreachable };

/** The queue every run and worker shares (runs are kept apart by their jobs' ids). */
export const QUEUE_NAME = 'tilefall-tune';

/** One job: a genome's weights on a batch of instances, each with its seed. */
export interface EvaluationJob {
  readonly format: 'tilefall-evaluation';
  /** The package version that made the job: a worker of another version refuses it. */
  readonly version: string;
  /** The game's name (`samegame`, `columns`). */
  readonly game: string;
  /** The run's key: jobs of two runs never mix. */
  readonly run: string;
  readonly weights: Readonly<Record<string, number>>;
  readonly nodes: number;
  readonly items: { readonly instance: string; readonly seed: number }[];
  /** The game's run-time settings, for a game built from them (a bot's limits and parameters). */
  readonly config?: GameConfig;
  /**
   * The fingerprint of the program the game runs: the job names no program, and a worker runs it
   * with its own only when their fingerprints match.
   */
  readonly fingerprint?: string;
}

const jobDataSchema: z.ZodType<EvaluationJob> = z.object({
  format: z.literal('tilefall-evaluation'),
  version: z.string(),
  game: z.string(),
  run: z.string(),
  weights: z.record(z.string(), z.number()),
  nodes: z.number().int().positive(),
  items: z.array(z.object({ instance: z.string(), seed: z.number().int() })),
  config: z.record(z.string(), z.unknown()).optional(),
  fingerprint: z.string().optional(),
});

/** A job's data as `worker` reads it, or why the worker refuses it (`queue-job-data.ts`). */
export function readJob(data: unknown, worker: JobReader): Result<EvaluationJob, string> {
  return readJobData(data, jobDataSchema, 'evaluation job', worker);
}

/** What a job returns: one score per item (with its failure, for a game that can fail), and which worker computed them. */
const jobResultSchema = z.object({
  scores: z.array(z.union([z.number(), z.object({ score: z.number(), failure: z.enum(FAILURE_KINDS).optional() })])),
  worker: z.string(),
});

/** A job that failed on a worker (its evaluation threw, or the worker refused it): the run stops. */
export class QueueJobError extends Error {}

/** Tasks grouped into jobs: consecutive tasks of the same weights and budget share one. */
function jobsOf(
  tasks: readonly EvaluationTask[],
  game: string,
  version: string,
): { data: EvaluationJob; first: number }[] {
  const jobs: { data: EvaluationJob; first: number }[] = [];
  let key = '';
  for (const [i, task] of tasks.entries()) {
    const taskKey = `${task.run}|${task.nodes}|${JSON.stringify(task.weights)}`;
    if (jobs.length === 0 || taskKey !== key) {
      jobs.push({
        first: i,
        data: {
          format: 'tilefall-evaluation',
          version,
          game,
          run: task.run ?? 'unnamed',
          weights: { ...task.weights },
          nodes: task.nodes,
          items: [],
          // The program itself stays on this machine: a job carries only its fingerprint.
          ...(task.config === undefined ? {} : { config: task.config }),
          ...(task.program === undefined ? {} : { fingerprint: task.program.fingerprint }),
        },
      });
      key = taskKey;
    }
    jobs[jobs.length - 1].data.items.push({ instance: task.instance, seed: task.seed });
  }
  return jobs;
}

/** The id of a job: its run and a hash of everything it asks for. */
export function jobId(data: EvaluationJob): string {
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 24);
  return `${data.run}-${hash}`;
}

/** The coordinator's side: a {@link TaskRunner} whose tasks become queue jobs. */
export interface QueueRunner extends TaskRunner {
  /** Jobs finished so far, and the names of the workers that finished them. */
  readonly stats: { jobsDone: number; jobsTotal: number; workers: Set<string> };
}

/** A runner on the queue at `url` for the game named `game`, as package `version`. */
export async function createQueueRunner(
  url: string,
  game: string,
  version: string,
  pollMs = 200,
): Promise<QueueRunner> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(url);
  connection.on('error', () => {}); // reconnection is automatic; a run waits for it
  const queue = new bullmq.Queue(QUEUE_NAME, { connection });
  const stats = { jobsDone: 0, jobsTotal: 0, workers: new Set<string>() };
  return {
    stats,
    async run(tasks, onDone) {
      const jobs = jobsOf(tasks, game, version);
      stats.jobsTotal += jobs.length;
      const ids = jobs.map((j) => jobId(j.data));
      for (const [k, job] of jobs.entries()) {
        // An id already in the queue is not added again: a finished job's scores are reused.
        await queue.add('evaluate', job.data, {
          jobId: ids[k],
          attempts: 1,
          removeOnComplete: false,
          removeOnFail: false,
        });
      }
      const scores: Evaluation[] = new Array(tasks.length);
      const pending = new Set(jobs.keys());
      while (pending.size > 0) {
        for (const k of [...pending]) {
          const outcome = await jobOutcome(bullmq, queue, ids[k]);
          if (outcome.state === 'pending') continue;
          if (outcome.state === 'vanished')
            throw new QueueJobError(`job ${ids[k]} vanished from the queue at ${redactUrl(url)}`);
          if (outcome.state === 'failed') {
            throw new QueueJobError(
              `a worker failed job ${ids[k]} (${game}, ${jobs[k].data.items.length} evaluations): ${outcome.reason}`,
            );
          }
          const result = jobResultSchema.safeParse(outcome.value);
          if (!result.success || result.data.scores.length !== jobs[k].data.items.length) {
            throw new QueueJobError(`job ${ids[k]} returned a malformed result`);
          }
          result.data.scores.forEach((score, i) => {
            scores[jobs[k].first + i] = score;
            onDone?.();
          });
          stats.jobsDone++;
          stats.workers.add(result.data.worker);
          pending.delete(k);
        }
        if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      return scores;
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

/** A game a worker evaluates: its module and, for a game that runs a program, the worker's own. */
export interface WorkerGame {
  readonly module: string;
  /** True for a game that runs a program (a user's bot): its jobs carry a config and a fingerprint. */
  readonly runsProgram?: boolean;
  /** The program this worker runs for the game's jobs, from its own command line; without one it refuses them. */
  readonly program?: TuningProgram;
  /** How a worker is given the program (e.g. `--bot "CMD"`), for the refusal's message. */
  readonly programOption?: string;
}

/**
 * The program worker `name` runs job `data` with (undefined for a game that runs none), or why it
 * refuses the job: a job never names a program, so the worker must have its own, and its
 * fingerprint must be the one the coordinator's program has.
 */
export function programForJob(
  data: EvaluationJob,
  game: WorkerGame,
  name: string,
): Result<TuningProgram | undefined, string> {
  if (!game.runsProgram) return ok(undefined);
  if (data.config === undefined || data.fingerprint === undefined)
    return err(`not a tilefall evaluation job: a ${data.game} job needs its config and its program's fingerprint`);
  const given = game.programOption ?? 'its program';
  if (game.program === undefined)
    return err(
      `worker ${name} was started without ${given}, so it cannot run ${data.game} jobs (a job never names the program to run)`,
    );
  if (game.program.fingerprint !== data.fingerprint)
    return err(
      `worker ${name} runs a program of fingerprint ${game.program.fingerprint} but the job was made for ${data.fingerprint}: start every worker with the coordinator's ${given} and version, and the same program file`,
    );
  return ok(game.program);
}

/** A worker's settings. */
export interface QueueWorkerOptions {
  readonly url: string;
  /** This worker's name in the coordinator's progress. */
  readonly name: string;
  /** The package version: a job of another version is refused. */
  readonly version: string;
  /** Each game this worker can evaluate, by name. */
  readonly games: Readonly<Record<string, WorkerGame>>;
  /** Runs a job's evaluations (a local worker-thread pool). */
  readonly runner: TaskRunner;
  /**
   * How long a job stays locked without a renewal: a worker that dies loses its job after this
   * long (the lock is renewed while the worker computes, however long the job).
   */
  readonly lockMs: number;
}

/** Starts a worker of the tuning queue, one job at a time; `close(graceMs)` stops it (see {@link JobWorker}). */
export function startQueueWorker(options: QueueWorkerOptions): Promise<JobWorker> {
  return startJobWorker({ ...options, queue: QUEUE_NAME, concurrency: 1 }, async (job, refuse) => {
    const read = readJob(job, options);
    if (!read.ok) return refuse(read.error);
    const data = read.value;
    const game = options.games[data.game];
    if (game === undefined) return refuse(`worker ${options.name} knows no game "${data.game}"`);
    const program = programForJob(data, game, options.name);
    if (!program.ok) return refuse(program.error);
    const tasks = data.items.map((item) => ({
      module: game.module,
      instance: item.instance,
      weights: data.weights,
      nodes: data.nodes,
      seed: item.seed,
      ...(program.value === undefined ? {} : { config: data.config, program: program.value }),
    }));
    const scores = await options.runner.run(tasks);
    return { scores, worker: options.name };
  });
}
