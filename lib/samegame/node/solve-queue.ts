/**
 * One SameGame solve spread over `tilefall worker` processes through a BullMQ queue (Redis): the
 * coordinator sends `parts` independent searches (seeds S, S+1, …, each with the whole budget) as
 * jobs, any worker on any machine runs them, and the best line wins once the engine has replayed
 * every one (the lowest part on ties, as with threads). So a node-budget solve prints what
 * `solve --threads N` prints on one machine. A job's id is a hash of its content: a coordinator
 * started again finds the jobs already done. A worker that dies loses its lock and the job goes
 * back to the queue: the time it spent is all that is lost.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SEED_RANGE } from '../../core/argument-error.js';
import { BUDGET_LIMITS, type BudgetSpec, checkBudget } from '../../core/budget.js';
import { escapeControlCharacters } from '../../core/control-characters.js';
import { redactUrl } from '../../core/redact-url.js';
import { err, ok, type Result } from '../../core/result.js';
import { argumentIssue, type JobReader, readJobData, wholeNumber } from '../../node/queue-job-data.js';
import { JOB_RETENTION, newRunId } from '../../node/queue-retention.js';
import {
  type JobWorker,
  type JobWorkerOptions,
  jobOutcome,
  loadQueuePackages,
  type OutageReport,
  outageReport,
  redisConnection,
  startJobWorker,
} from '../../node/redis-queue.js';
import { type Board, type Cell, LIMITS } from '../engine/board.js';
import { playMoves } from '../engine/referee.js';
import { formatBoard, parseBoard } from '../engine/text.js';
import { widestPassThatFits } from '../search/beam-memory.js';
import type { Solution } from '../search/solver.js';
import { checkWeights, type Weights } from '../search/weights.js';
import type { SolverPool } from './threads.js';

/** The queue of spread solves (tuning has its own). */
export const SOLVE_QUEUE_NAME = 'tilefall-solve';

/** One part of a spread solve: a whole search of the board with its own seed. */
export interface SolveJob {
  readonly format: 'tilefall-solve';
  /** The package version that made the job: a worker of another version refuses it. */
  readonly version: string;
  /** The board in the puzzle's text form, and its shape. */
  readonly board: string;
  readonly width: number;
  readonly height: number;
  readonly colors: number;
  readonly seed: number;
  /** The budget of the part: a node budget, or milliseconds from when a worker starts it, or both. */
  readonly budget: BudgetSpec;
  readonly weights?: Weights;
  /** A line to start from (`solve --lines`). */
  readonly knownLine?: readonly Cell[];
}

/**
 * The longest board text a part may carry: a 64 x 64 board is about 12 KB, and 1 MB leaves room for
 * any spacing. A longer one is refused before it is read, since reading a text costs a few times
 * its size and a Redis value may be 512 MB: a worker would run out of memory over one job.
 */
export const MAX_BOARD_TEXT = 1_000_000;

const cellSchema = z.object({ x: z.number().int().nonnegative(), y: z.number().int().nonnegative() });

/**
 * A part's job, read as strictly as the command line reads a solve: the board's shape within the
 * engine's limits, a whole-number seed, a budget that names a limit within {@link BUDGET_LIMITS}
 * (a job without one would search forever), weights read as a weights file is.
 */
const solveJobSchema = z.object({
  format: z.literal('tilefall-solve'),
  version: z.string(),
  board: z.string().max(MAX_BOARD_TEXT, `expected a board's text of at most ${MAX_BOARD_TEXT} characters`),
  width: wholeNumber(LIMITS.width),
  height: wholeNumber(LIMITS.height),
  colors: wholeNumber(LIMITS.colors),
  seed: wholeNumber(SEED_RANGE),
  budget: z.unknown().transform((value, ctx) => {
    const budget = checkBudget(value, 'budget');
    if (budget.ok) return budget.value;
    return argumentIssue(ctx, budget.error);
  }),
  // Read as solve --weights reads them (checkWeights): every weight named, each finite and within
  // what the search takes, no other names; refused here, naming the weight, not by the search.
  weights: z
    .unknown()
    .transform((json, ctx) => {
      const weights = checkWeights(json, 'weights');
      if (weights.ok) return weights.value;
      const { field, message } = weights.error;
      const why = message.startsWith('weights: ') ? message.slice('weights: '.length) : message;
      ctx.addIssue({ code: 'custom', message: why, path: field.split('.').slice(1) });
      return z.NEVER;
    })
    .optional(),
  knownLine: z.array(cellSchema).optional(),
});

/** What a part returns. */
const partResultSchema = z.object({
  score: z.number(),
  moves: z.array(cellSchema),
  nodes: z.number(),
  width: z.number(),
  // Printed with the part's score: a worker's name is anyone's who can write to Redis.
  worker: z.string().max(1000).transform(escapeControlCharacters),
});

/** A part's job data as `worker` reads it, with its board, or why the worker refuses it. */
export function readSolveJob(data: unknown, worker: JobReader): Result<{ job: SolveJob; board: Board }, string> {
  const read = readJobData(data, solveJobSchema, 'solve job', worker);
  if (!read.ok) return read;
  const job: SolveJob = read.value;
  const board = parseBoard(job.board, { width: job.width, height: job.height, colors: job.colors });
  if (!board.ok) {
    const where = 'line' in board.error ? `line ${board.error.line}: ` : '';
    return err(`not a tilefall solve job: field board: ${where}${board.error.message}`);
  }
  if (job.knownLine !== undefined) {
    // The search would only ignore a line that is not legal here: the job is refused instead.
    const line = playMoves(board.value, job.knownLine);
    if (!line.ok) return err(`not a tilefall solve job: field knownLine: ${line.error.message}`);
    if (line.value.end === 'error')
      return err(
        `not a tilefall solve job: field knownLine: not a legal line on the board: move ${line.value.error?.action}: ${line.value.error?.message}`,
      );
  }
  return ok({ job, board: board.value });
}

/** The jobs of a spread solve: part p searches with seed `seed + p`. */
export function solveJobs(
  board: Board,
  options: Pick<SpreadSolveOptions, 'parts' | 'seed' | 'budget' | 'weights' | 'knownLine' | 'version'>,
): SolveJob[] {
  return Array.from({ length: options.parts }, (_, p) => ({
    format: 'tilefall-solve',
    version: options.version,
    board: formatBoard(board),
    width: board.width,
    height: board.height,
    colors: board.colors,
    seed: options.seed + p,
    budget: options.budget,
    ...(options.weights === undefined ? {} : { weights: options.weights }),
    ...(options.knownLine === undefined ? {} : { knownLine: options.knownLine }),
  }));
}

/** A job's id: the id of the solve it is part of (`solve` unless given) and a hash of everything it asks for. */
export function solveJobId(job: SolveJob, run = 'solve'): string {
  return `${run}-${createHash('sha256').update(JSON.stringify(job)).digest('hex').slice(0, 24)}`;
}

/** A spread solve's settings. */
export interface SpreadSolveOptions {
  readonly url: string;
  /** Independent searches sent as jobs. */
  readonly parts: number;
  readonly seed: number;
  readonly budget: BudgetSpec;
  readonly weights?: Weights;
  readonly knownLine?: readonly Cell[];
  /** The package version the jobs carry. */
  readonly version: string;
  /** Called as each part comes back. */
  readonly onPart?: (part: number, score: number, worker: string) => void;
  /** Hears a line for each Redis outage, for its end, and for any other queue error. */
  readonly log?: (line: string) => void;
  readonly pollMs?: number;
  /**
   * The time budget's deadline (a `performance.now()` time): parts not back by then are lost, and
   * the answer comes from those that are. Without one (a node budget) every part is waited for,
   * a part lost with a worker being run again once its lock runs out.
   */
  readonly deadline?: number;
}

/** The best part's answer; `nodes` is the work of all parts, `workers` who ran them, `lost` the parts not back by the deadline. */
export type SpreadSolution = Solution & {
  readonly part: number;
  readonly workers: readonly string[];
  readonly lost: readonly number[];
};

/**
 * Time a spread solve with a time budget allows beyond it for the queue's round trip: a job
 * waiting for a worker, the worker's start and its result's way back.
 */
export const QUEUE_ROUND_TRIP_MS = 5_000;

/** Solves `board` as `options.parts` jobs on the queue at `options.url`. */
export async function solveOnQueue(board: Board, options: SpreadSolveOptions): Promise<Result<SpreadSolution, string>> {
  const { bullmq } = await loadQueuePackages();
  const connection = await redisConnection(options.url);
  // Reconnection is automatic and the solve waits for it: an outage is a line when it starts and one when it ends.
  const onError = outageReport(options.url, options.log ?? (() => {})).watch(connection);
  const queue = new bullmq.Queue(SOLVE_QUEUE_NAME, { connection });
  queue.on('error', onError);
  let ids: string[] = [];
  try {
    const jobs = solveJobs(board, options);
    // Each solve has its own id: it never answers from an earlier solve's parts, finished or failed.
    const run = newRunId();
    ids = jobs.map((job) => solveJobId(job, run));
    for (const [p, job] of jobs.entries()) {
      await queue.add('solve', job, { jobId: ids[p], attempts: 1, ...JOB_RETENTION });
    }
    const parts: (z.infer<typeof partResultSchema> | undefined)[] = jobs.map(() => undefined);
    const pastDeadline = () => options.deadline !== undefined && performance.now() >= options.deadline;
    while (parts.includes(undefined) && !pastDeadline()) {
      for (const [p, id] of ids.entries()) {
        if (parts[p] !== undefined) continue;
        const outcome = await jobOutcome(bullmq, queue, id);
        if (outcome.state === 'pending') continue;
        if (outcome.state === 'vanished')
          return err(`part ${p} (job ${id}) vanished from the queue at ${redactUrl(options.url)}`);
        if (outcome.state === 'failed') return err(`a worker failed part ${p} (job ${id}): ${outcome.reason}`);
        const result = partResultSchema.safeParse(outcome.value);
        if (!result.success) return err(`part ${p} (job ${id}) returned a malformed result`);
        // Never trust a line from elsewhere: the engine replays it.
        const check = playMoves(board, result.data.moves);
        if (!check.ok || check.value.end === 'error' || check.value.score !== result.data.score)
          return err(
            `part ${p} from worker ${result.data.worker}: the engine scores its line ${check.ok ? check.value.score : 'not at all'}, the worker ${result.data.score}`,
          );
        parts[p] = result.data;
        options.onPart?.(p, result.data.score, result.data.worker);
      }
      if (parts.includes(undefined)) await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
    }
    const lost = parts.flatMap((part, p) => (part === undefined ? [p] : []));
    if (lost.length === parts.length)
      return err(`no part came back from the queue at ${redactUrl(options.url)} by the deadline`);
    return ok(bestPart(parts, lost));
  } finally {
    // The solve's parts go with it; one a worker still holds expires once finished (JOB_RETENTION).
    for (const id of ids) await queue.remove(id).catch(() => 0);
    await queue.close();
    connection.disconnect();
  }
}

/** The best of the parts back (the lowest part on ties), with the work of all of them. */
function bestPart(
  parts: readonly (z.infer<typeof partResultSchema> | undefined)[],
  lost: readonly number[],
): SpreadSolution {
  const back = parts.flatMap((part, p) => (part === undefined ? [] : [{ part, p }]));
  let best = back[0];
  for (const candidate of back) if (candidate.part.score > best.part.score) best = candidate;
  const { score, moves, width } = best.part;
  return {
    score,
    moves,
    width,
    nodes: back.reduce((sum, { part }) => sum + part.nodes, 0),
    part: best.p,
    workers: [...new Set(back.map(({ part }) => part.worker))],
    lost,
  };
}

/** A solve worker's settings. */
export interface SolveWorkerOptions {
  readonly url: string;
  readonly name: string;
  readonly version: string;
  /** Parts run at once, each on its own thread of the pool. */
  readonly concurrency: number;
  /** The threads that run the parts (made when the first part comes). */
  readonly pool: () => Promise<SolverPool>;
  /** How long a part stays locked without a renewal (renewed while it runs). */
  readonly lockMs: number;
  /** Where the worker tells of a Redis outage, its end, and any other queue error (none unless given). */
  readonly outages?: OutageReport;
  /** Told of each part the worker refuses (see `JobWorkerOptions`). */
  readonly onRefused?: JobWorkerOptions['onRefused'];
}

/** Starts taking solve parts from the queue; `close(graceMs)` stops it (see {@link JobWorker}). */
export function startSolveWorker(options: SolveWorkerOptions): Promise<JobWorker> {
  return startJobWorker({ ...options, queue: SOLVE_QUEUE_NAME }, async (data, refuse) => {
    const read = readSolveJob(data, options);
    if (!read.ok) return refuse(read.error);
    const { job, board } = read.value;
    const pool = await options.pool();
    // The part runs on a thread, so this one stays free to renew the job's lock.
    const result = await pool.run({
      board,
      weights: job.weights,
      seed: job.seed,
      nodes: job.budget.nodes,
      deadline:
        job.budget.timeMs === undefined ? undefined : performance.timeOrigin + performance.now() + job.budget.timeMs,
      maxWidth: widestPassThatFits(board, options.concurrency),
      knownLine: job.knownLine,
    });
    if (!result.ok) return refuse(`worker ${options.name}: ${result.error.message}`);
    const { score, moves, nodes, width } = result.value;
    return { score, moves, nodes, width, worker: options.name };
  });
}
