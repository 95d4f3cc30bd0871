/**
 * `tilefall samegame solve`: the best move sequence found within a budget, on stdout; a summary
 * line for a person (score, moves, cells left, time) on stderr.
 */

import type { BudgetSpec } from '../../core/budget.js';
import { parseJson } from '../../core/json.js';
import { redactUrl } from '../../core/redact-url.js';
import type { Result } from '../../core/result.js';
import type { FileError } from '../../node/files.js';
import { packageVersion } from '../../node/package-root.js';
import { unreachable } from '../../node/redis-queue.js';
import type { Cell } from '../../samegame/engine/board.js';
import { type Board, EMPTY } from '../../samegame/engine/board.js';
import { boardKey } from '../../samegame/engine/board-key.js';
import { judgeLine, type Verdict } from '../../samegame/engine/referee.js';
import { replayOfVerdict } from '../../samegame/engine/replay.js';
import { CLEAR_BONUS } from '../../samegame/engine/rules.js';
import { appendStoredLine, type StoredLine } from '../../samegame/node/lines-file.js';
import { QUEUE_ROUND_TRIP_MS, solveOnQueue } from '../../samegame/node/solve-queue.js';
import type { TaskCheckpoint } from '../../samegame/node/solve-task.js';
import { checkpointFiles, solveInThreads, type ThreadedSolution } from '../../samegame/node/threads.js';
import { NODE_COST } from '../../samegame/search/node-cost.js';
import { parseSolveState } from '../../samegame/search/solve-state.js';
import type { Solution } from '../../samegame/search/solver.js';
import type { Weights } from '../../samegame/search/weights.js';
import { replayHtml } from '../../view/page.js';
import { sameGamePictureSvg } from '../../view/samegame-picture.js';
import { defineCommand } from '../command.js';
import { EXIT, type InputError, InputFailure } from '../input-error.js';
import { reportFailedWrites, tryWrites } from '../late-writes.js';
import {
  choiceOption,
  FORCE_OPTION,
  flagOption,
  forceChecks,
  integerOption,
  OPTIONS,
  oneBudget,
  outputOption,
  textOption,
  withYargs,
} from '../options.js';
import { queueOption } from '../queue-option.js';
import { readBoardFile, readInputText, readStoredLines } from '../read-input.js';
import { PICTURE_CHECKS, PICTURE_OPTIONS, pictureStep, SHOW_OPTION } from '../show-options.js';
import { countOf, grouped } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';
import { BOARD_SHAPE_OPTIONS, boardShape, readOptionalSameGameWeights, THREADS_OPTION } from './options.js';

/** Wall time used when neither --time nor --nodes is given. */
export const DEFAULT_SOLVE_SECONDS = 10;

/**
 * The line a person reads on stderr after the moves (stdout stays the moves alone): the time the
 * search took, and the game the moves play as the engine judges it.
 */
export function solveSummary(verdict: Verdict, nodes: number, seconds: number): string {
  const cellsLeft = verdict.board.cells.filter((c) => c !== EMPTY).length;
  const board = verdict.cleared ? `board cleared (+${CLEAR_BONUS})` : 'board not cleared';
  return [
    `solved in ${seconds.toFixed(1)} s: score ${grouped(verdict.score)} in ${countOf(verdict.moves, 'move')}`,
    board,
    `${countOf(cellsLeft, 'cell')} left`,
    countOf(nodes, 'node'),
  ].join(', ');
}

/** What a solve with `--lines` did with the file: the stored score it started from, and whether it kept a better line. */
export function linesSummary(file: string, stored: number | undefined, found: number): string {
  const from =
    stored === undefined ? 'no line stored for this board' : `started from a stored line of ${grouped(stored)}`;
  const kept = stored === undefined || found > stored ? `, kept ${grouped(found)}` : ', nothing better to keep';
  return `${file}: ${from}${kept}`;
}

/** The solve a checkpoint must belong to. */
interface CheckpointedSolve {
  readonly board: Board;
  readonly threads: number;
  readonly seed: number;
  readonly budget: BudgetSpec;
  readonly weights: Weights | undefined;
}

/** Each thread's checkpoint file, with its state when resuming; an input failure names a file that cannot resume this solve. */
function readCheckpoints(file: string, resume: boolean, solve: CheckpointedSolve): TaskCheckpoint[] {
  return checkpointFiles(file, solve.threads).map((threadFile, t) => {
    if (!resume) return { file: threadFile };
    const json = parseJson(readInputText(threadFile));
    if (!json.ok) throw new InputFailure({ file: threadFile, message: json.error });
    const state = parseSolveState(json.value, solve.board, {
      seed: solve.seed + t,
      budget: solve.budget,
      weights: solve.weights,
    });
    if (!state.ok)
      throw new InputFailure({ file: threadFile, message: `cannot resume this solve: ${state.error.message}` });
    return { file: threadFile, resume: state.value };
  });
}

/** The writes of the replay (`--show`) and the picture (`--svg`) of the line found, those asked for. */
function solvePictureWrites(
  board: Board,
  verdict: Verdict,
  options: {
    readonly board: string;
    readonly show?: string;
    readonly svg?: string;
    readonly move?: number;
    readonly glyphs: boolean;
  },
): (() => void)[] {
  const { show, svg } = options;
  if (show === undefined && svg === undefined) return [];
  const replay = replayOfVerdict(board, verdict);
  const step = pictureStep(options.move, replay.frames.length - 1);
  return [
    ...(show === undefined
      ? []
      : [() => writeTextOutput(replayHtml(replay, `SameGame: ${options.board}, solved`), show)]),
    ...(svg === undefined ? [] : [() => writeTextOutput(sameGamePictureSvg(replay, step, options.glyphs), svg)]),
  ];
}

/** Appends the line found to the lines file (`--lines`) when it beats the one stored there. */
function storeSolvedLine(
  file: string | undefined,
  known: StoredLine | undefined,
  board: Board,
  solution: Solution,
  budget: BudgetSpec,
): void {
  if (file === undefined || (known !== undefined && solution.score <= known.score)) return;
  const stored = appendStoredLine(file, {
    board: boardKey(board),
    score: solution.score,
    moves: solution.moves,
    when: new Date().toISOString(),
    budget: 'nodes' in budget ? `${budget.nodes} nodes` : `${budget.timeMs / 1000} s`,
  });
  if (!stored.ok) throw new InputFailure(stored.error);
}

/**
 * A checkpoint write that failed during the solve (it went on, its answer printed), as a late
 * write's failure: a resumable solve that could not save itself is not a success, and saying so
 * only at the end keeps the answer.
 */
function checkpointWriteFailures(failure: FileError | undefined): InputError[] {
  return failure === undefined ? [] : [{ ...failure, message: `${failure.message}: the checkpoint was not saved` }];
}

/** What a spread solve needs from the command line. */
interface SpreadSolve {
  readonly url: string;
  readonly parts?: number;
  readonly seed: number;
  readonly budget: BudgetSpec;
  readonly weights?: Weights;
  readonly knownLine?: readonly Cell[];
  readonly quiet?: boolean;
}

/** `--queue`: the searches as jobs for `tilefall worker` processes, each part's score on stderr as it comes back. */
async function spreadSolve(board: Board, spread: SpreadSolve): Promise<Result<Solution, { message: string }>> {
  const down = await unreachable(spread.url);
  if (down !== undefined)
    throw new InputFailure({ message: `cannot reach Redis at ${redactUrl(spread.url)}: ${down}` });
  const parts = spread.parts ?? 2;
  // A time budget is a deadline: the answer comes from the parts back by then (node budgets wait).
  const { timeMs } = spread.budget;
  const deadline = timeMs === undefined ? undefined : performance.now() + timeMs + QUEUE_ROUND_TRIP_MS;
  const solution = await solveOnQueue(board, {
    ...spread,
    parts,
    version: packageVersion(),
    log: (line) => process.stderr.write(`tilefall: ${line}\n`),
    ...(deadline === undefined ? {} : { deadline }),
    onPart: spread.quiet
      ? undefined
      : (part, score, worker) =>
          process.stderr.write(`part ${part + 1} of ${parts}: ${grouped(score)} (worker ${worker})\n`),
  });
  if (!solution.ok) throw new InputFailure({ message: solution.error });
  const { lost } = solution.value;
  if (lost.length > 0) {
    const named = lost.map((p) => p + 1).join(', ');
    process.stderr.write(
      `part${lost.length === 1 ? '' : 's'} ${named} of ${parts} not back by the deadline (a worker lost, or none free): the answer is the best of the others\n`,
    );
  }
  return solution;
}

export const solveCommand = defineCommand({
  name: 'solve',
  describe: 'find the best move sequence within a time or node budget',
  options: {
    board: textOption({ demandOption: true, describe: 'board file: one line per row, top row first' }),
    time: withYargs(OPTIONS.time, {
      describe: `wall-clock seconds (default ${DEFAULT_SOLVE_SECONDS} when --nodes is not given)`,
    }),
    nodes: withYargs(OPTIONS.nodes, {
      describe: `work the search may do, in rollout moves (a child costs ${NODE_COST.child}): reproducible, byte for byte with --seed`,
    }),
    weights: OPTIONS.weights,
    seed: OPTIONS.seed,
    format: choiceOption(['lines', 'one-turn', 'json'], {
      default: 'lines',
      describe: 'lines: a multi-turn moves file; one-turn: one ;-separated line; json: score and moves',
    }),
    quiet: flagOption('only the moves: no summary line on stderr (--format json prints none either)'),
    checkpoint: outputOption(
      { kind: 'checkpoint', files: (path, values) => checkpointFiles(path, values.threads as number) },
      {
        describe:
          'save the search after every pass to FILE (FILE.0, FILE.1, … with --threads), written atomically; a file already there needs --resume or --force',
      },
    ),
    resume: flagOption('go on from the --checkpoint file(s) of the same board, seed, node budget and weights'),
    force: FORCE_OPTION,
    lines: outputOption('append', {
      describe:
        "a lines file (JSON lines): the search starts from this board's best stored line (any recoloring), and a better line found is appended",
    }),
    queue: queueOption({
      describe:
        'spread the solve over `tilefall worker` processes: the Redis URL, redis://[USER@]HOST:PORT[/DB] (its password in TILEFALL_REDIS_PASSWORD)',
    }),
    parts: integerOption(1, 1024, {
      describe: 'with --queue: independent searches sent as jobs, seeds S, S+1, … (default 2)',
    }),
    ...BOARD_SHAPE_OPTIONS,
    threads: THREADS_OPTION,
    show: SHOW_OPTION,
    ...PICTURE_OPTIONS,
  },
  checks: [
    oneBudget,
    ...PICTURE_CHECKS,
    {
      option: 'resume',
      message: '--resume goes on from a --checkpoint FILE: give it',
      fails: (o) => o.resume === true && o.checkpoint === undefined,
    },
    ...forceChecks(),
    { option: 'parts', message: 'goes with --queue URL', fails: (o) => o.parts !== undefined && o.queue === undefined },
    {
      option: 'queue',
      message: 'spreads the searches over workers: give --parts, not --threads, and no --checkpoint',
      fails: (o) => o.queue !== undefined && (o.checkpoint !== undefined || o.threads !== 1),
    },
  ],
  examples: [
    ['$0 samegame solve --board datasets/samegame/demo-board.txt --time 5', 'solve the demo board for 5 seconds'],
    ['$0 samegame solve --board b.txt --nodes 2000000 --seed 7 --format json', 'a reproducible solve, as JSON'],
    ['$0 samegame solve --board b.txt --time 20 --threads 2', 'two searches on two cores, the better answer'],
    [
      '$0 samegame solve --board b.txt --time 300 --lines lines.jsonl',
      'start from the best line kept, keep a better one',
    ],
    [
      '$0 samegame solve --board b.txt --time 600 --queue redis://10.0.0.5:6379 --parts 8',
      'eight searches on the workers',
    ],
  ],
  run: async (options) => {
    const board = readBoardFile(options.board, boardShape(options));
    const weights = readOptionalSameGameWeights(options.weights);
    const budget =
      options.nodes !== undefined
        ? { nodes: options.nodes }
        : { timeMs: (options.time ?? DEFAULT_SOLVE_SECONDS) * 1000 };
    const known = options.lines === undefined ? undefined : readStoredLines(options.lines).get(boardKey(board));
    const started = performance.now();
    const live = process.stderr.isTTY === true;
    const solution =
      options.queue !== undefined
        ? await spreadSolve(board, { ...options, url: options.queue, budget, weights, knownLine: known?.moves })
        : await solveInThreads(board, {
            threads: options.threads,
            budget,
            weights,
            seed: options.seed,
            knownLine: known?.moves,
            checkpoints:
              options.checkpoint === undefined
                ? undefined
                : readCheckpoints(options.checkpoint, options.resume === true, {
                    board,
                    threads: options.threads,
                    seed: options.seed,
                    budget,
                    weights,
                  }),
            onImprove: live
              ? ({ score, width }) => {
                  const seconds = ((performance.now() - started) / 1000).toFixed(1);
                  process.stderr.write(`\r${seconds}s  best ${score}  (beam ${width})   `);
                }
              : undefined,
          });
    if (live) process.stderr.write('\n');
    if (!solution.ok) {
      process.stderr.write(`tilefall: internal error: ${solution.error.message}\n`);
      return EXIT.internal;
    }
    const seconds = (performance.now() - started) / 1000;
    const moves = solution.value.moves.map((m) => `${m.x} ${m.y}`);
    const text =
      options.format === 'json'
        ? `${JSON.stringify({ score: solution.value.score, moves })}\n`
        : options.format === 'one-turn'
          ? `${moves.join(';')}\n`
          : moves.map((m) => `${m}\n`).join('');
    // The line as the engine judges it (no protocol's action limit: boards may be large).
    const verdict = judgeLine(board, solution.value.moves);
    // The answer first: a picture or a stored line that cannot be written is reported after it.
    process.stdout.write(text);
    const failures = tryWrites([
      ...solvePictureWrites(board, verdict, options),
      () => storeSolvedLine(options.lines, known, board, solution.value, budget),
    ]);
    if (!options.quiet && options.format !== 'json')
      process.stderr.write(`${solveSummary(verdict, solution.value.nodes, seconds)}\n`);
    const stored = options.lines !== undefined && !failures.some((failure) => failure.file === options.lines);
    if (!options.quiet && options.format !== 'json' && stored)
      process.stderr.write(`${linesSummary(options.lines as string, known?.score, solution.value.score)}\n`);
    // A spread solve has no checkpoint: only the threads' answer can carry a failed write.
    const checkpoint = (solution.value as Partial<ThreadedSolution>).checkpointFailure;
    return reportFailedWrites([...failures, ...checkpointWriteFailures(checkpoint)]);
  },
});
