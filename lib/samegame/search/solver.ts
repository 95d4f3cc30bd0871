/**
 * `solve`: the anytime SameGame solver. It starts from the greedy line, then runs beam searches
 * of growing width until the budget is spent, and keeps the best complete game. In each beam
 * level the evaluation ranks the children and the best `rolloutFactor` x width of them are
 * re-ranked by one TabuColor random playout each (at equal time this beats a beam ranked by the
 * static evaluation alone). Each kept position remembers the best rollout line through it, so
 * the beam never forgets a good rollout, and a rollout's rank charges the cells and colors it
 * leaves (lines that nearly clear the board are worth following). The answer is replayed by the
 * immutable engine before it is returned, so it is never an illegal line.
 */

import type { ArgumentError } from '../../core/argument-error.js';
import { Budget, type BudgetSpec } from '../../core/budget.js';
import { createRandom, type Random, randomFromState } from '../../core/random.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, type Cell, EMPTY } from '../engine/board.js';
import { boardKey } from '../engine/board-key.js';
import { judgeLine } from '../engine/referee.js';
import { beamSearch, type Line, type RolloutSettings } from './beam.js';
import { BeamArena } from './beam-arena.js';
import { widestPassThatFits } from './beam-memory.js';
import { Evaluator } from './evaluation.js';
import { type GreedyLine, type GreedyOptions, greedyLine } from './greedy.js';
import { createSurvey, Kernel } from './kernel.js';
import { LinePolisher, polishLines } from './line-polish.js';
import { FIRST_PASS_WIDTH, nextPassWidth } from './pass-schedule.js';
import { CONTEST_MOVES, rolloutsPerContest } from './rollout-contest.js';
import { type CheckedSolve, checkSolve } from './solve-options.js';
import { type PassesState, SOLVE_STATE_FORMAT, type SolveState, solveState, stateData } from './solve-state.js';
import { NEVER } from './tabu-rule.js';
import { WEIGHT_BOUNDS, type Weights } from './weights.js';
import { Zobrist } from './zobrist.js';

/**
 * Budget, weights and seed of a solve. Every option is checked before the search starts (see
 * {@link solve}); an option it does not know is refused, not ignored.
 */
export interface SolveOptions {
  /** At least one limit, finite and positive (nodes a whole number), within `BUDGET_LIMITS`. */
  readonly budget: BudgetSpec;
  /**
   * Every weight, each finite, from -1,000,000 to 1,000,000 and `rolloutFactor` from 0 to 1,000:
   * what the search can use (default: `DEFAULT_WEIGHTS`).
   */
  readonly weights?: Weights;
  /** Any safe whole number (default 1). */
  readonly seed?: number;
  /** First beam width, a whole number from 1 to 1,048,576; later passes grow it to fit the budget left. */
  readonly initialWidth?: number;
  /**
   * The widest pass allowed, a whole number from 1 to 1,048,576 (default: the widest whose beam
   * fits the memory one search may take; searches on several threads each get their share).
   */
  readonly maxWidth?: number;
  /** Called whenever a better game is found (what it throws ends the solve and reaches the caller). */
  readonly onImprove?: (progress: SolveProgress) => void;
  /**
   * A line found before on this board (from a lines file): when it is legal and beats the greedy
   * start, the search starts from it, so the answer is never worse than it. A line that is not
   * legal on this board is ignored (a stored line may be of another board); one that is not an
   * array of cells with whole-number coordinates is refused (`invalid-cell`).
   */
  readonly knownLine?: readonly Cell[];
  /**
   * Called after every beam pass with the solve's state (`solve-state.ts`): a caller that saves
   * it can resume the solve from there (`resume`). What it throws ends the solve and reaches the caller.
   */
  readonly onCheckpoint?: (state: SolveState) => void;
  /**
   * A state `onCheckpoint` gave, of this board, seed, budget and weights (`parseSolveState`
   * checks): the solve goes on from it; with a node budget it ends where the solve that saved
   * it would have ended. Its time budget counts the time spent before.
   */
  readonly resume?: SolveState;
}

/** Reported whenever the solver finds a better game. */
export interface SolveProgress {
  readonly score: number;
  readonly nodes: number;
  readonly width: number;
}

/** The best game found: moves as cells of the positions they are played in. */
export interface Solution {
  readonly score: number;
  readonly moves: readonly Cell[];
  /** Moves the search played (its work, the unit of node budgets). */
  readonly nodes: number;
  /** Widest beam that ran to completion (0 when only the greedy line ran). */
  readonly width: number;
}

/**
 * Why a solve gave no answer: a refused argument (the board, the budget, the weights, a cell of
 * the known line or another option, with the field at fault), or an answer the engine disagrees
 * with (never expected; reported rather than printed).
 */
export type SolveError = { readonly code: 'engine-mismatch'; readonly message: string } | ArgumentError;

/** Cell indices (column-major, per position) as x y cells. */
export function indicesToCells(height: number, indices: readonly number[]): Cell[] {
  return indices.map((i) => ({ x: Math.floor(i / height), y: i % height }));
}

/** The share of the budget the greedy start may use. */
const GREEDY_SHARE = 0.25;

/**
 * Time set aside for the engine's re-check of the answer: the immutable engine's replay costs
 * the same per cell at every move (30 ns allowed, with a margin over what it measured), and a
 * line holds fewer moves than 0.35 per filled cell (the measurements: the search log).
 */
export function recheckReserveMs(board: Board): number {
  const filled = board.cells.reduce((n, c) => n + (c === EMPTY ? 0 : 1), 0);
  return 2 + 30e-6 * board.width * board.height * 0.35 * filled;
}

/** The greedy line's chosen moves, then greedy moves again from there within `options.budget`. */
function continueGreedy(root: Kernel, cut: GreedyLine, options: GreedyOptions): Line {
  const position = root.clone();
  for (let i = 0; i < cut.chosen; i++) position.play(cut.moves[i]);
  const rest = greedyLine(position, options);
  const line = {
    score: position.score - root.score + rest.score,
    moves: [...cut.moves.slice(0, cut.chosen), ...rest.moves],
  };
  return line.score > cut.score ? line : cut;
}

/**
 * The share of the budget (after the greedy start) kept for polishing lines: the passes' best
 * lines are polished best first, and what is left goes to an iterated local search on the best.
 */
const POLISH_SHARE = 0.1;

/**
 * Solves `board` within the budget. The board and every option are checked first, and refused
 * with the field at fault (`invalid-board`, `invalid-budget`, `invalid-weights`, `invalid-cell`,
 * `invalid-option`); on a valid board the solve returns within its budget (the search stops
 * sooner when a pass has searched every reachable position). The answer is replayed by the
 * engine before it is returned, so it is never an illegal line.
 *
 * @example
 * ```ts
 * import { generate, solve } from 'tilefall/samegame';
 *
 * const boards = generate({ count: 1, seed: 7 });
 * if (!boards.ok) throw new Error(boards.error.message);
 * // A node budget makes the run reproducible; { timeMs: 5_000 } stops on the clock instead.
 * const solution = solve(boards.value[0], { budget: { nodes: 100_000 } });
 * if (!solution.ok) console.log(solution.error.code, solution.error.message); // invalid-budget, …
 * if (solution.ok) console.log(solution.value.score, solution.value.moves.length);
 * ```
 */
export function solve(board: Board, options: SolveOptions): Result<Solution, SolveError> {
  const checked = checkSolve(board, options);
  return checked.ok ? solveChecked(checked.value) : checked;
}

/** {@link solve} of checked arguments. */
function solveChecked(options: CheckedSolve): Result<Solution, SolveError> {
  const { board, weights, seed } = options;
  const resume = options.resume === undefined ? undefined : stateData(options.resume);
  const random = resume === undefined ? createRandom(seed) : randomFromState(resume.random);
  const clockStart = performance.now();
  const budget = new Budget(resume === undefined ? options.budget : budgetLeft(options.budget, resume.elapsedMs));
  const root = Kernel.fromBoard(board);
  const evaluator = new Evaluator(weights, createSurvey(board.width, board.height, board.colors));
  const zobrist = new Zobrist(board.width * board.height, board.colors);

  budget.reserve(recheckReserveMs(board));
  let start: Line;
  if (resume === undefined)
    start = betterLine(greedyStart(root, { evaluator, budget, random }), knownLine(board, options.knownLine));
  else {
    start = resume.start;
    budget.nodes = resume.startNodes;
  }
  options.onImprove?.({ score: start.score, nodes: budget.nodes, width: 0 });

  // The passes leave a share of the budget for polishing their lines (line-polish.ts).
  const search = budget.share(1 - POLISH_SHARE);
  if (resume !== undefined) search.nodes = resume.searchNodes;
  const { onCheckpoint } = options;
  const snapshot = (passes: PassesState): SolveState =>
    solveState({
      format: SOLVE_STATE_FORMAT,
      board: boardKey(board),
      seed,
      budget: options.budget,
      weights,
      random: random.state(),
      startNodes: budget.nodes,
      searchNodes: search.nodes,
      elapsedMs: (resume?.elapsedMs ?? 0) + performance.now() - clockStart,
      start,
      passes,
    });
  const maxWidth = options.maxWidth ?? widestPassThatFits(board);
  const from = resume?.passes ?? firstPasses(start, Math.min(options.initialWidth ?? FIRST_PASS_WIDTH, maxWidth));
  const passes = from.done
    ? from
    : beamPasses(board, root, from, {
        weights,
        evaluator,
        zobrist,
        random,
        budget: search,
        maxWidth,
        onImprove: (score, width) => options.onImprove?.({ score, nodes: budget.nodes + search.nodes, width }),
        onPassEnd: onCheckpoint === undefined ? undefined : (state) => onCheckpoint(snapshot(state)),
      });
  budget.nodes += search.nodes;
  const best = passes.optimal
    ? passes.best
    : polishLines(passes.best, passes.candidates, new LinePolisher(root, random), budget, (line) =>
        options.onImprove?.({ score: line.score, nodes: budget.nodes, width: passes.bestWidth }),
      );
  return checkedSolution(board, best, budget.nodes, passes.bestWidth);
}

/** A budget for a resumed solve: the same nodes, and the time the earlier runs left. */
function budgetLeft(spec: BudgetSpec, elapsedMs: number): BudgetSpec {
  return spec.timeMs === undefined ? spec : { ...spec, timeMs: Math.max(0, spec.timeMs - elapsedMs) };
}

/** The passes before the first: the start is the best game, the first pass has no noise. */
function firstPasses(start: Line, width: number): PassesState {
  // A terminal board has nothing to search (and a search there would spend no budget).
  const done = start.moves.length === 0;
  return { best: start, bestWidth: 0, candidates: [], width, noiseScale: 0, done, optimal: false };
}

/** A known line as the search's line (cell indices), or undefined when it is not legal on `board`. */
function knownLine(board: Board, cells: readonly Cell[] | undefined): Line | undefined {
  if (cells === undefined) return undefined;
  const verdict = judgeLine(board, cells);
  if (verdict.end === 'error') return undefined;
  return { score: verdict.score, moves: cells.map((c) => c.x * board.height + c.y) };
}

const betterLine = (a: Line, b: Line | undefined): Line => (b !== undefined && b.score > a.score ? b : a);

/**
 * The greedy line from `root`, within a quarter of `options.budget`: on a large board a whole
 * greedy game takes seconds, and what it leaves is finished by a playout. Cut short, the board is
 * too large for a greedy game in a quarter of the budget, let alone a beam: the greedy line goes
 * on with the rest of it instead.
 */
function greedyStart(root: Kernel, options: GreedyOptions & { readonly budget: Budget }): Line {
  const { budget } = options;
  const greedyBudget = budget.share(GREEDY_SHARE);
  const greedy = greedyLine(root, { ...options, budget: greedyBudget });
  budget.nodes += greedyBudget.nodes;
  const cutShort = greedy.chosen < greedy.moves.length && !budget.exhausted();
  return cutShort ? continueGreedy(root, greedy, options) : greedy;
}

/** What {@link beamPasses} needs besides the board: the search's parts and its share of the budget. */
interface PassOptions {
  readonly weights: Weights;
  readonly evaluator: Evaluator;
  readonly zobrist: Zobrist;
  readonly random: Random;
  readonly budget: Budget;
  readonly maxWidth: number;
  /** Called with the score and the pass's width whenever a pass beats the best game so far. */
  readonly onImprove: (score: number, width: number) => void;
  /** Called after every pass with the passes' state (the last one `done`). */
  readonly onPassEnd?: (state: PassesState) => void;
}

/**
 * Beam searches of growing width from `root` until `options.budget` is spent or a pass is
 * exhaustive, each aimed at the budget left, going on from `from` (the best game so far, the next
 * width, every improvement found).
 */
function beamPasses(board: Board, root: Kernel, from: PassesState, options: PassOptions): PassesState {
  const { weights, random, budget: search, maxWidth } = options;
  let { best, bestWidth, width, noiseScale } = from;
  const noise = () => (random.float() - 0.5) * noiseScale;
  // Every rollout gathers by contest where no color stands out, every second one elsewhere (rollout-contest.ts).
  const contestEvery = rolloutsPerContest(board);
  const candidates: Line[] = [...from.candidates];
  const arena = new BeamArena(root);
  const state = (done: boolean, optimal: boolean): PassesState => ({
    best,
    bestWidth,
    candidates,
    width,
    noiseScale,
    done,
    optimal,
  });
  while (!search.exhausted()) {
    const nodesBefore = search.nodes;
    const timeLeftBeforeMs = search.timeLeftMs();
    const {
      best: found,
      improvements,
      exhaustive,
    } = beamSearch(root, {
      width,
      evaluator: options.evaluator,
      zobrist: options.zobrist,
      budget: search,
      noise: noiseScale > 0 ? noise : undefined,
      rollouts: rolloutSettings(weights, random, contestEvery),
      arena,
    });
    candidates.push(...improvements);
    const finished = !search.exhausted();
    if (finished) bestWidth = Math.max(bestWidth, width);
    if (found && found.score > best.score) {
      best = found;
      options.onImprove(best.score, width);
    }
    // A pass that dropped nothing searched every reachable position: its best is optimal.
    if (!finished || exhaustive) {
      const end = state(true, finished && exhaustive);
      options.onPassEnd?.(end);
      return end;
    }
    noiseScale = 4;
    // Cost grows about linearly with the width: the next pass is aimed at what is left (pass-schedule.ts).
    width = nextPassWidth({
      previous: width,
      nodesPerWidth: (search.nodes - nodesBefore) / width,
      timePerWidthMs: (timeLeftBeforeMs - search.timeLeftMs()) / width,
      nodesLeft: search.nodesLeft(),
      timeLeftMs: search.timeLeftMs(),
      maxWidth,
    });
    options.onPassEnd?.(state(false, false));
  }
  return state(true, false);
}

/** The rollouts of a beam pass, as the weights set them. */
function rolloutSettings(weights: Weights, random: Random, contestEvery: number): RolloutSettings {
  return {
    factor: weights.rolloutFactor,
    random,
    blend: weights.rolloutBlend,
    // The knob's upper bound means "never take a tabu region early".
    tabuMinRegion: weights.rolloutTabuMin >= WEIGHT_BOUNDS.rolloutTabuMin[1] ? NEVER : weights.rolloutTabuMin,
    cellsLeft: weights.rolloutCellsLeft,
    colorsLeft: weights.rolloutColorsLeft,
    contestMoves: CONTEST_MOVES,
    contestEvery,
  };
}

/** The solver's `best` line as a solution, once the immutable engine agrees with its score. */
function checkedSolution(board: Board, best: Line, nodes: number, width: number): Result<Solution, SolveError> {
  const moves = indicesToCells(board.height, best.moves);
  const check = judgeLine(board, moves);
  if (check.end === 'error' || check.score !== best.score) {
    return err({
      code: 'engine-mismatch',
      message: `the engine scores the solver's line ${check.score}, the solver ${best.score}`,
    });
  }
  return ok({ score: best.score, moves, nodes, width });
}
