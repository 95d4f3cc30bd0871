/**
 * Fitness evaluations on a BullMQ job queue (Redis), for tuning on many machines. The
 * coordinator turns each genome's batch of evaluations into one job; `tilefall worker`
 * processes on any machine run them; the coordinator gathers the scores in task order, so the
 * output is the same as a local run's whatever the workers and the order they finish in.
 *
 * A job's id is its run's id (`newRunId`: a new one for each run, the checkpoint's on `--resume`)
 * and a hash of its content: adding it again (after `--resume`, or by a second coordinator of the
 * same run) finds the job already there, and a finished job's scores are reused rather than
 * computed again, while a new run never meets an earlier run's jobs, finished or failed, unless
 * it is told to reuse that run's results. A run removes its jobs when it ends. A job carries everything a worker needs (the
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
import type * as Bullmq from 'bullmq';
import { z } from 'zod';
import { checkWholeNumber, describeValue, SEED_RANGE } from '../lib/core/argument-error.js';
import { BUDGET_LIMITS } from '../lib/core/budget.js';
import { escapeControlCharacters } from '../lib/core/control-characters.js';
import { parseNamedWeights } from '../lib/core/named-weights.js';
import { redactUrl } from '../lib/core/redact-url.js';
import { err, ok, type Result } from '../lib/core/result.js';
import {
  type Evaluation,
  FAILURE_KINDS,
  type GameConfig,
  type TuningGame,
  type TuningProgram,
} from '../lib/core/tuning-game.js';
import { argumentIssue, type JobReader, readJobData, wholeNumber } from '../lib/node/queue-job-data.js';
import { JOB_RETENTION, newRunId, removeRunJobs, runOfJobId, sweepExpiredJobs } from '../lib/node/queue-retention.js';
import {
  type JobWorker,
  type JobWorkerOptions,
  jobOutcome,
  loadQueuePackages,
  type OutageReport,
  outageReport,
  type Redis,
  redisConnection,
  startJobWorker,
  unreachable,
} from '../lib/node/redis-queue.js';
import { LOST_AFTER_MS, readHeartbeats } from '../lib/node/worker-heartbeat.js';
import type { EvaluationTask } from './evaluate-task.js';
import { itemsProblem } from './job-items.js';
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
  /** The run's id: jobs of two runs never mix. */
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

/**
 * A job's shape, read as strictly as the command line reads a run: a node budget within
 * {@link BUDGET_LIMITS} (a budget the library would take), whole-number seeds, at least one item. Its
 * game and weights are checked against the games the worker knows ({@link readJobFor}).
 */
const jobDataSchema: z.ZodType<EvaluationJob> = z.object({
  format: z.literal('tilefall-evaluation'),
  version: z.string(),
  game: z.string(),
  run: z.string(),
  weights: z.record(z.string(), z.number()),
  nodes: z.unknown().transform((nodes, ctx) => {
    const budget = checkWholeNumber('invalid-budget', 'nodes', nodes, [1, BUDGET_LIMITS.nodes]);
    return budget.ok ? budget.value : argumentIssue(ctx, budget.error);
  }),
  items: z.array(z.object({ instance: z.string(), seed: wholeNumber(SEED_RANGE) })).min(1),
  config: z.record(z.string(), z.unknown()).optional(),
  fingerprint: z.string().optional(),
});

/** A job's data as `worker` reads it, or why the worker refuses it (`queue-job-data.ts`). */
export function readJob(data: unknown, worker: JobReader): Result<EvaluationJob, string> {
  return readJobData(data, jobDataSchema, 'evaluation job', worker);
}

/** A text a worker sends back that is printed (its name, a failure's detail): one line, its control characters escaped. */
const shownText = z.string().max(1000).transform(escapeControlCharacters);

/** What a job returns: one score per item (with its failure, for a game that can fail), and which worker computed them. */
const jobResultSchema = z.object({
  scores: z.array(
    z.union([
      z.number(),
      z.object({
        score: z.number(),
        failure: z.enum(FAILURE_KINDS).optional(),
        detail: shownText.optional(),
        unstartable: shownText.optional(),
      }),
    ]),
  ),
  worker: shownText,
});

/** A job that failed on a worker (its evaluation threw, or the worker refused it): the run stops. */
export class QueueJobError extends Error {}

/** Tasks grouped into jobs: consecutive tasks of the same weights and budget share one. */
function jobsOf(
  tasks: readonly EvaluationTask[],
  game: string,
  version: string,
  run: string,
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
          run,
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

/**
 * The id of a job: its run's id and a hash of everything else it asks for, so that run `run`'s job
 * of the same content is `jobId(data, run)` (what `--reuse RUN` looks up).
 */
export function jobId(data: EvaluationJob, run: string = data.run): string {
  const { run: _, ...content } = data;
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 24);
  return `${run}-${hash}`;
}

/** A coordinator's jobs so far, as its progress line shows them. */
export interface QueueStats {
  jobsDone: number;
  jobsTotal: number;
  /** The names of the workers that finished its jobs. */
  workers: Set<string>;
  /** Games whose results came from the run `--reuse` named rather than from a worker. */
  gamesReused: number;
  /**
   * Jobs held by a worker that stopped writing its heartbeat (a lost worker), and the most seconds
   * left before the lock of one runs out and the job goes back to the queue; none when there is none.
   */
  lostLock?: { readonly jobs: number; readonly secondsLeft: number };
}

/** The coordinator's side: a {@link TaskRunner} whose tasks become queue jobs. */
export interface QueueRunner extends TaskRunner {
  /** The id of the run the runner's jobs belong to (in their ids). */
  readonly runId: string;
  readonly stats: QueueStats;
  /** Gives the run up (a signal stops it): removes its jobs, and `run` never settles from then on. */
  abandon(): Promise<void>;
}

/** How a coordinator polls its jobs, and where it tells of an outage. */
export interface QueueRunnerOptions {
  /** The pause between two rounds of reading the jobs' states (200 ms unless told). */
  readonly pollMs?: number;
  /** Hears a line for each Redis outage, for its end, and for any other queue error. */
  readonly log?: (line: string) => void;
  /** The run's id: a resumed run's, from its checkpoint; a new one ({@link newRunId}) unless given. */
  readonly runId?: string;
  /** A run whose finished jobs of the same content answer instead of new ones (`--reuse RUN`). */
  readonly reuse?: string;
  /** Keeps the run's jobs in Redis when the runner closes (they expire after `JOB_TTL_SECONDS`), for a later `--reuse`. */
  readonly keepJobs?: boolean;
}

/**
 * What a coordinator's progress line says of its queue: jobs done, workers seen, the games reused
 * from another run, and a lost worker's job waiting for its lock to run out.
 */
export function queueProgressDetail({ runId, stats }: QueueRunner): string {
  const parts = [`run ${runId}`, `jobs ${stats.jobsDone}/${stats.jobsTotal}`, `workers seen ${stats.workers.size}`];
  if (stats.gamesReused > 0) parts.push(`${stats.gamesReused} games reused`);
  if (stats.lostLock !== undefined) parts.push(lostLockLine(stats.lostLock));
  return parts.join(', ');
}

/** What the progress line says of jobs held by a lost worker. */
function lostLockLine({ jobs, secondsLeft }: NonNullable<QueueStats['lostLock']>): string {
  const held = jobs === 1 ? '' : ` (${jobs} jobs)`;
  return `waiting for a lost worker's lock, ~${secondsLeft}s${held}`;
}

/** How long a run's jobs wait with no worker's heartbeat on the queue before the run says so. */
const NO_WORKER_NOTICE_MS = 10_000;

/**
 * Says once, when no worker of the queue has had a fresh heartbeat for {@link NO_WORKER_NOTICE_MS},
 * that nothing serves the run: on a pipe the progress shows nothing until a generation ends.
 */
function noWorkerNotice(connection: Redis, url: string, log: (line: string) => void): () => Promise<void> {
  let since: number | undefined;
  let said = false;
  return async () => {
    if (said) return;
    if ((await readHeartbeats(connection, QUEUE_NAME)).some((beat) => beat.ageMs < LOST_AFTER_MS)) {
      since = undefined;
      return;
    }
    since ??= performance.now();
    if (performance.now() - since < NO_WORKER_NOTICE_MS) return;
    said = true;
    log(`no worker serves the queue at ${redactUrl(url)} yet: start one with tilefall worker --queue URL`);
  };
}

/** How often the coordinator looks for jobs of lost workers. */
const LOST_CHECK_MS = 1000;

/** What a runner's rounds of jobs share: its queue and run, its counts, and whether it was given up. */
interface RunnerContext {
  readonly bullmq: typeof Bullmq;
  readonly queue: Bullmq.Queue;
  readonly url: string;
  readonly game: string;
  readonly version: string;
  readonly runId: string;
  readonly pollMs: number;
  readonly log: (line: string) => void;
  readonly stats: QueueStats;
  readonly lost: (pending: readonly string[]) => Promise<QueueStats['lostLock']>;
  /** Looks for a worker serving the queue, and says once when none has for a while. */
  readonly noWorker: () => Promise<void>;
  /** Scores of a job from the run `--reuse` names, when that run finished a job of the same content. */
  readonly reused: (data: EvaluationJob) => Promise<unknown | undefined>;
  readonly abandoned: () => boolean;
}

/** What a run given up returns: a promise that never settles (the signal that gave it up ends the process). */
const neverSettles = (): Promise<never> => new Promise<never>(() => {});

/** Tells of a `--reuse` run that left no finished job in Redis, so that nothing will be reused. */
async function warnNothingToReuse(queue: Bullmq.Queue, reuse: string, log: (line: string) => void): Promise<void> {
  if (!(await queue.getRanges(['completed'], 0, -1)).some((id) => runOfJobId(id) === reuse))
    log(`run ${reuse} has no finished job in Redis: nothing to reuse (a run keeps its jobs only with --keep-jobs)`);
}

/** Looks up job `data`'s scores in the finished jobs of run `reuse` (none without `--reuse`). */
function reusedScores(
  bullmq: typeof Bullmq,
  queue: Bullmq.Queue,
  reuse: string | undefined,
): (data: EvaluationJob) => Promise<unknown | undefined> {
  return async (data) => {
    if (reuse === undefined) return undefined;
    const outcome = await jobOutcome(bullmq, queue, jobId(data, reuse));
    return outcome.state === 'completed' ? outcome.value : undefined;
  };
}

/**
 * Adds the jobs the reused run does not answer to the queue; returns the reused run's answers by
 * job index, or undefined once the run is given up.
 */
async function submitJobs(
  ctx: RunnerContext,
  jobs: readonly { data: EvaluationJob }[],
  ids: readonly string[],
): Promise<Map<number, unknown> | undefined> {
  const early = new Map<number, unknown>();
  for (const [k, job] of jobs.entries()) {
    if (ctx.abandoned()) return undefined;
    const before = await ctx.reused(job.data);
    if (before !== undefined) {
      early.set(k, before);
      continue;
    }
    // A job of this run that failed before (a run resumed after a failure) is played again.
    if ((await ctx.queue.getJobState(ids[k])) === 'failed') await ctx.queue.remove(ids[k]);
    // An id already in the queue is not added again: a finished job's scores are reused.
    await ctx.queue.add('evaluate', job.data, { jobId: ids[k], attempts: 1, ...JOB_RETENTION });
  }
  return early;
}

/**
 * Stores job `k`'s returned scores at its tasks' places in `scores` and counts the job done;
 * returns the worker that computed them. A result of the wrong shape stops the run.
 */
function scoreTaker(
  stats: QueueStats,
  jobs: readonly { data: EvaluationJob; first: number }[],
  ids: readonly string[],
  scores: Evaluation[],
  onDone: ((evaluation?: Evaluation) => void) | undefined,
): (k: number, value: unknown) => string {
  return (k, value) => {
    const result = jobResultSchema.safeParse(value);
    if (!result.success || result.data.scores.length !== jobs[k].data.items.length) {
      throw new QueueJobError(`job ${ids[k]} returned a malformed result`);
    }
    result.data.scores.forEach((score, i) => {
      scores[jobs[k].first + i] = score;
      onDone?.();
    });
    stats.jobsDone++;
    return result.data.worker;
  };
}

/** Updates the lost worker's locks among the pending jobs, with a line when jobs are first seen waiting. */
async function checkLostLocks(ctx: RunnerContext, pendingIds: readonly string[]): Promise<void> {
  const before = ctx.stats.lostLock;
  ctx.stats.lostLock = await ctx.lost(pendingIds);
  // A line when jobs are first seen waiting (the progress line may not be redrawn meanwhile).
  if (ctx.stats.lostLock !== undefined && ctx.stats.lostLock.jobs !== before?.jobs)
    ctx.log(lostLockLine(ctx.stats.lostLock));
}

/**
 * Polls the `pending` jobs until every one has finished, taking each one's scores as it does;
 * returns false once the run is given up. A job that failed or vanished stops the run.
 */
async function awaitJobs(
  ctx: RunnerContext,
  jobs: readonly { data: EvaluationJob }[],
  ids: readonly string[],
  pending: Set<number>,
  take: (k: number, value: unknown) => string,
): Promise<boolean> {
  let lostCheck = performance.now();
  while (pending.size > 0) {
    for (const k of [...pending]) {
      const outcome = await jobOutcome(ctx.bullmq, ctx.queue, ids[k]);
      // A run given up waits for its end: its jobs, vanishing now, are no failure to report.
      if (ctx.abandoned()) return false;
      if (outcome.state === 'pending') continue;
      if (outcome.state === 'vanished')
        throw new QueueJobError(`job ${ids[k]} vanished from the queue at ${redactUrl(ctx.url)}`);
      if (outcome.state === 'failed') {
        throw new QueueJobError(
          `a worker failed job ${ids[k]} (${ctx.game}, ${jobs[k].data.items.length} evaluations): ${outcome.reason}`,
        );
      }
      ctx.stats.workers.add(take(k, outcome.value));
      pending.delete(k);
    }
    if (performance.now() - lostCheck >= LOST_CHECK_MS) {
      lostCheck = performance.now();
      await checkLostLocks(
        ctx,
        [...pending].map((k) => ids[k]),
      );
      await ctx.noWorker();
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, ctx.pollMs));
  }
  return true;
}

/** One round of a runner's tasks: their jobs added (or reused), waited for, and their scores in task order. */
async function runJobs(
  ctx: RunnerContext,
  tasks: readonly EvaluationTask[],
  onDone: ((evaluation?: Evaluation) => void) | undefined,
): Promise<Evaluation[]> {
  const jobs = jobsOf(tasks, ctx.game, ctx.version, ctx.runId);
  ctx.stats.jobsTotal += jobs.length;
  const ids = jobs.map((j) => jobId(j.data));
  const early = await submitJobs(ctx, jobs, ids);
  if (early === undefined) return neverSettles();
  const scores: Evaluation[] = new Array(tasks.length);
  const take = scoreTaker(ctx.stats, jobs, ids, scores, onDone);
  for (const [k, value] of early) {
    take(k, value);
    ctx.stats.gamesReused += jobs[k].data.items.length;
  }
  const pending = new Set([...jobs.keys()].filter((k) => !early.has(k)));
  if (!(await awaitJobs(ctx, jobs, ids, pending, take))) return neverSettles();
  ctx.stats.lostLock = undefined;
  return scores;
}

/** A runner on the queue at `url` for the game named `game`, as package `version`. */
export async function createQueueRunner(
  url: string,
  game: string,
  version: string,
  { pollMs = 200, log = () => {}, runId = newRunId(), reuse, keepJobs = false }: QueueRunnerOptions = {},
): Promise<QueueRunner> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(url);
  // Reconnection is automatic and a run waits for it: an outage is a line when it starts and one when it ends.
  const onError = outageReport(url, log).watch(connection);
  const queue = new bullmq.Queue(QUEUE_NAME, { connection });
  queue.on('error', onError);
  await sweepExpiredJobs(queue);
  if (reuse !== undefined) await warnNothingToReuse(queue, reuse, log);
  const stats: QueueStats = { jobsDone: 0, jobsTotal: 0, workers: new Set<string>(), gamesReused: 0 };
  const lost = lostLockWatch(queue, connection);
  // Set once the run is given up (a signal): its jobs go, and it reads no outcome more.
  let abandoned = false;
  const context: RunnerContext = {
    bullmq,
    queue,
    url,
    game,
    version,
    runId,
    pollMs,
    log,
    stats,
    lost,
    noWorker: noWorkerNotice(connection, url, log),
    reused: reusedScores(bullmq, queue, reuse),
    abandoned: () => abandoned,
  };
  return {
    runId,
    stats,
    run: (tasks, onDone) => runJobs(context, tasks, onDone),
    async abandon() {
      abandoned = true;
      await removeRunJobs(queue, runId);
    },
    async close() {
      // Every job of the run goes, the coordinator's a --resume continues too (JOB_RETENTION for a held one).
      if (!keepJobs) await removeRunJobs(queue, runId);
      await queue.close();
      connection.disconnect();
    },
  };
}

/**
 * Reads, for a coordinator's pending jobs, which are held by a lost worker: active, while no
 * worker's fresh heartbeat names them, on two checks in a row (a job just taken may be missing
 * from its worker's last heartbeat), and how long their locks have left.
 */
function lostLockWatch(
  queue: Bullmq.Queue,
  connection: Redis,
): (pending: readonly string[]) => Promise<QueueStats['lostLock']> {
  let suspects = new Set<string>();
  return async (pending) => {
    const active = [];
    for (const id of pending) if ((await queue.getJobState(id)) === 'active') active.push(id);
    if (active.length === 0) {
      suspects = new Set();
      return undefined;
    }
    const held = new Set(
      (await readHeartbeats(connection, QUEUE_NAME)).filter((b) => b.ageMs < LOST_AFTER_MS).flatMap((b) => b.jobs),
    );
    const unheld = active.filter((id) => !held.has(id));
    const lost = unheld.filter((id) => suspects.has(id));
    suspects = new Set(unheld);
    if (lost.length === 0) return undefined;
    const left = await Promise.all(lost.map((id) => connection.pttl(`${queue.toKey(id)}:lock`)));
    return { jobs: lost.length, secondsLeft: Math.max(0, Math.ceil(Math.max(...left) / 1000)) };
  };
}

/** A game a worker evaluates: its module, its weights and, for a game that runs a program, the worker's own. */
export interface WorkerGame {
  readonly module: string;
  /**
   * The names of the weights a job of the game must give, every one and no other: the game's own,
   * or those its config names for a game built from one (a bot's parameters), or why that config
   * cannot be read. Called once the job's program is known ({@link programForJob}).
   */
  readonly weightNames: (
    config: GameConfig | undefined,
    program: TuningProgram | undefined,
  ) => Result<readonly string[], string>;
  /** True for a game that runs a program (a user's bot): its jobs carry a config and a fingerprint. */
  readonly runsProgram?: boolean;
  /** The program this worker runs for the game's jobs, from its own command line; without one it refuses them. */
  readonly program?: TuningProgram;
  /** How a worker is given the program (e.g. `--bot "CMD"`), for the refusal's message. */
  readonly programOption?: string;
  /**
   * How the coordinator was given the program (`--bot "CMD"`), for the refusal's message, when it
   * is not the worker's own {@link programOption} (a worker's Columns program is its `--solver`).
   */
  readonly coordinatorOption?: string;
  /**
   * The game a job is played as, or why its config cannot be read: the job's instances are read
   * with it before any is played (`job-items.ts`). Without it they are read only when played.
   */
  readonly tuningGame?: (
    config: GameConfig | undefined,
    program: TuningProgram | undefined,
  ) => Result<TuningGame, string>;
  /**
   * Why complete, finite `weights` are not ones the game's search takes (`weights.NAME: why`, a
   * weight past its range); nothing when they are. Without it they are checked only when played.
   */
  readonly weightsProblem?: (
    weights: Readonly<Record<string, number>>,
    config: GameConfig | undefined,
    program: TuningProgram | undefined,
  ) => string | undefined;
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
  const coordinator = game.coordinatorOption ?? given;
  const as = coordinator === given ? '' : ` (as its ${given})`;
  if (game.program.fingerprint !== data.fingerprint)
    return err(
      `worker ${name} runs a program of fingerprint ${game.program.fingerprint} but the job was made for ${data.fingerprint}: start every worker with the coordinator's ${coordinator} and version${as}, and the same program file`,
    );
  return ok(game.program);
}

/** Who reads a job, and the games it can evaluate, by name. */
export interface JobGames extends JobReader {
  readonly games: Readonly<Record<string, WorkerGame>>;
}

/** A job as a worker runs it: its data, its game, the program to run it with, and its weights, complete. */
export interface RunnableJob {
  readonly data: EvaluationJob;
  readonly game: WorkerGame;
  readonly program: TuningProgram | undefined;
  readonly weights: Readonly<Record<string, number>>;
}

/**
 * Job `data` as `worker` runs it, or the one-line reason it refuses it: its version and shape
 * ({@link readJob}), a game among the worker's (looked up as its own key, so `__proto__` or
 * `constructor` names no game), the program ({@link programForJob}), weights naming every
 * weight of the game with a finite number and nothing else, within what its search takes, and
 * instances the game reads.
 */
export function readJobFor(data: unknown, worker: JobGames): Result<RunnableJob, string> {
  const read = readJob(data, worker);
  if (!read.ok) return read;
  const job = read.value;
  const known = Object.keys(worker.games);
  if (!Object.hasOwn(worker.games, job.game))
    return err(
      `not a tilefall evaluation job: field game: ${describeValue(job.game)} is none of the games worker ${worker.name} runs (${known.join(', ')})`,
    );
  const game = worker.games[job.game];
  const program = programForJob(job, game, worker.name);
  if (!program.ok) return program;
  const names = game.weightNames(job.config, program.value);
  if (!names.ok) return err(`not a tilefall evaluation job: field config: ${names.error}`);
  const weights = parseNamedWeights(job.weights, names.value);
  if (!weights.ok) {
    const { field, message } = weights.error;
    return err(`not a tilefall evaluation job: field weights${field === '(root)' ? '' : `.${field}`}: ${message}`);
  }
  const problem =
    game.weightsProblem?.(weights.value, job.config, program.value) ??
    (game.tuningGame === undefined ? undefined : itemsProblem(game.tuningGame(job.config, program.value), job.items));
  if (problem !== undefined) return err(`not a tilefall evaluation job: field ${problem}`);
  return ok({ data: job, game, program: program.value, weights: weights.value });
}

/** A worker's settings. */
export interface QueueWorkerOptions extends JobGames {
  readonly url: string;
  /** Runs a job's evaluations (a local worker-thread pool). */
  readonly runner: TaskRunner;
  /**
   * How long a job stays locked without a renewal: a worker that dies loses its job after this
   * long (the lock is renewed while the worker computes, however long the job).
   */
  readonly lockMs: number;
  /** Where the worker tells of a Redis outage, its end, and any other queue error (none unless given). */
  readonly outages?: OutageReport;
  /** Told of each job the worker refuses (see `JobWorkerOptions`). */
  readonly onRefused?: JobWorkerOptions['onRefused'];
}

/** Starts a worker of the tuning queue, one job at a time; `close(graceMs)` stops it (see {@link JobWorker}). */
export function startQueueWorker(options: QueueWorkerOptions): Promise<JobWorker> {
  return startJobWorker({ ...options, queue: QUEUE_NAME, concurrency: 1 }, async (job, refuse) => {
    const read = readJobFor(job, options);
    if (!read.ok) return refuse(read.error);
    const { data, game, program, weights } = read.value;
    const tasks = data.items.map((item) => ({
      module: game.module,
      instance: item.instance,
      weights,
      nodes: data.nodes,
      seed: item.seed,
      ...(program === undefined ? {} : { config: data.config, program }),
    }));
    const scores = await options.runner.run(tasks);
    return { scores, worker: options.name };
  });
}
