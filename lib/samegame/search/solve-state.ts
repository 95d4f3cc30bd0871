/**
 * A SameGame solve's state between two beam passes, as plain JSON-able data: what `solve` hands
 * to `onCheckpoint`, and what it goes on from when given as `resume` (`solve --checkpoint FILE
 * --resume`). With a node budget, a solve resumed from a state ends exactly where the solve that
 * wrote it would have ended. Its content is the search's own: the public type is opaque, so the
 * search can change what it keeps without a major version (the format string says which).
 */
import {
  type ArgumentError,
  checkOptions,
  checkWholeNumber,
  describeValue,
  isPlainObject,
  SEED_RANGE,
} from '../../core/argument-error.js';
import { BUDGET_LIMITS, type BudgetSpec, checkBudget } from '../../core/budget.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, checkBoard } from '../engine/board.js';
import { boardKey } from '../engine/board-key.js';
import { WIDEST_PASS } from './beam-memory.js';
import { Kernel } from './kernel.js';
import { checkWeights, DEFAULT_WEIGHTS, WEIGHT_NAMES, type Weights } from './weights.js';

declare const searchOwn: unique symbol;

/**
 * A solve's state between two beam passes (`SolveOptions.onCheckpoint`), to resume it from
 * (`SolveOptions.resume`). Plain JSON-able data whose content is the search's own: save it with
 * `JSON.stringify`, read it back with {@link parseSolveState}.
 */
export interface SolveState {
  readonly format: typeof SOLVE_STATE_FORMAT;
  /** Not a field: marks the rest of the state as the search's own. */
  readonly [searchOwn]: 'the search keeps its own fields here';
}

/** A game the search found: its moves as cell indices (column-major, each in its own position) and its score. */
export interface Line {
  readonly score: number;
  readonly moves: readonly number[];
}

/** The passes' progress at a boundary between two passes. */
export interface PassesState {
  /** The best game so far (the start's until a pass beats it). */
  readonly best: Line;
  /** Widest beam that ran to completion (0 when none did). */
  readonly bestWidth: number;
  /** Every pass's improvements, for polishing. */
  readonly candidates: readonly Line[];
  /** Width of the next pass. */
  readonly width: number;
  /** Noise added to the children of the next pass (0 on the first). */
  readonly noiseScale: number;
  /** True when the passes are over (the budget of the search spent, or a pass was exhaustive). */
  readonly done: boolean;
  /** True when a pass searched every reachable position. */
  readonly optimal: boolean;
}

/** Everything a resumed solve needs, and what it must match: what a {@link SolveState} holds. */
export interface SolveStateData {
  readonly format: typeof SOLVE_STATE_FORMAT;
  /** The board's key (`boardKey`), the seed, the budget and the weights of the solve. */
  readonly board: string;
  readonly seed: number;
  readonly budget: BudgetSpec;
  readonly weights: Weights;
  /** The random stream's state at the boundary. */
  readonly random: readonly number[];
  /** Nodes the start (greedy) spent, and the passes since. */
  readonly startNodes: number;
  readonly searchNodes: number;
  /** Wall milliseconds spent so far, over every run of this solve. */
  readonly elapsedMs: number;
  readonly start: Line;
  readonly passes: PassesState;
}

/** What a saved state says it is: a file of another kind (or version) is refused. */
export const SOLVE_STATE_FORMAT = 'tilefall-samegame-solve-state/1';

/** Why a state cannot resume a solve: not a state, or one of another solve (which field differs). */
export type SolveStateError = { readonly code: 'not-a-state' | 'another-solve'; readonly message: string };

/** What a resumed solve must share with the one that wrote the state (`SolveOptions`' defaults apply). */
export interface SolveIdentity {
  readonly seed?: number;
  readonly budget: BudgetSpec;
  readonly weights?: Weights;
}

/** The fields of a state (the search's side of the opaque type). */
export const stateData = (state: SolveState): SolveStateData => state as unknown as SolveStateData;

/** A state from its fields. */
export const solveState = (data: SolveStateData): SolveState => data as unknown as SolveState;

/** A whole number from `min` to `max`. */
const isWhole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A finite number from 0 to `max`. */
const isFiniteUpTo = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max;

/** A line of `board` as the search keeps it: legal moves (cell indices) that score what it says. */
function isLegalLine(v: unknown, root: Kernel): v is Line {
  if (!isPlainObject(v) || !Array.isArray(v.moves) || !isWhole(v.score, 0, Number.MAX_SAFE_INTEGER)) return false;
  const cells = root.width * root.height;
  const position = root.clone();
  for (const move of v.moves) if (!isWhole(move, 0, cells - 1) || position.play(move) < 0) return false;
  return position.score === v.score;
}

/** The random stream's state: the four 32-bit words of a xoroshiro128+ generator. */
const isRandomState = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length === 4 && v.every((word) => isWhole(word, -(2 ** 31), 2 ** 32 - 1));

/** True when `s` has the fields of a solve state, of the types and within the ranges the search takes. */
function isState(s: unknown): s is SolveStateData {
  if (!isPlainObject(s) || !isPlainObject(s.passes)) return false;
  const p = s.passes;
  return (
    s.format === SOLVE_STATE_FORMAT &&
    typeof s.board === 'string' &&
    isRandomState(s.random) &&
    isWhole(s.startNodes, 0, BUDGET_LIMITS.nodes) &&
    isWhole(s.searchNodes, 0, BUDGET_LIMITS.nodes) &&
    isFiniteUpTo(s.elapsedMs, Number.MAX_VALUE) &&
    isWhole(p.width, 1, WIDEST_PASS) &&
    isWhole(p.bestWidth, 0, WIDEST_PASS) &&
    isFiniteUpTo(p.noiseScale, MAX_NOISE_SCALE) &&
    typeof p.done === 'boolean' &&
    typeof p.optimal === 'boolean' &&
    Array.isArray(p.candidates)
  );
}

/**
 * A deep copy of `value` as plain data, each field read once, so that what is checked is what the
 * search resumes (a getter of the caller's that answers otherwise later once made `solve` throw a
 * TypeError from inside); undefined for a value data cannot hold (a function, a symbol, a Proxy).
 */
function plainCopy(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'DataCloneError') return undefined;
    throw error;
  }
}

/** True when every line of `state` is legal from `root` (its board) and scores what it says. */
const linesAreLegal = (state: SolveStateData, root: Kernel): boolean =>
  [state.start, state.passes.best, ...state.passes.candidates].every((line) => isLegalLine(line, root));

/** The largest noise a saved state may add to the children of a pass (the solver adds a few points). */
const MAX_NOISE_SCALE = 1e6;

/** The options of a solve that a state must match, and the others a caller may pass along with them. */
const IDENTITY_KEYS = [
  'seed',
  'budget',
  'weights',
  'initialWidth',
  'maxWidth',
  'onImprove',
  'knownLine',
  'onCheckpoint',
  'resume',
] as const;

/** The seed, budget and weights of `options` (a {@link SolveIdentity}, or the whole of a solve's options), checked. */
function checkIdentity(
  options: unknown,
): Result<{ readonly seed: number; readonly budget: BudgetSpec; readonly weights: Weights }, ArgumentError> {
  const fields = checkOptions('invalid-option', 'options', options, IDENTITY_KEYS);
  if (!fields.ok) return fields;
  const budget = checkBudget(fields.value.budget, 'options.budget');
  if (!budget.ok) return budget;
  const { weights: given } = fields.value;
  const weights = given === undefined ? ok(DEFAULT_WEIGHTS) : checkWeights(given, 'options.weights');
  if (!weights.ok) return weights;
  const seed = checkWholeNumber('invalid-option', 'options.seed', fields.value.seed ?? 1, SEED_RANGE);
  if (!seed.ok) return seed;
  return ok({ seed: seed.value, budget: budget.value, weights: weights.value });
}

/**
 * Checks parsed JSON as a state of the solve of `board` with `options` (the options the resumed
 * solve is given: a {@link SolveIdentity}, or the whole of its `SolveOptions`), naming what is
 * wrong: `not-a-state` when its fields are not those of a state (every line in it is replayed
 * on `board`, and must be legal there and score what it says), `another-solve` when it is the
 * state of another board, seed, node budget or weights. A `board` that is not a valid board
 * (`invalid-board`) or `options` that `solve` would refuse (`invalid-budget`, `invalid-weights`,
 * `invalid-option`) are refused with the field at fault.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { generate, parseSolveState, solve } from 'tilefall/samegame';
 *
 * const boards = generate({ count: 1, seed: 7 });
 * if (!boards.ok) throw new Error(boards.error.message);
 * const [board] = boards.value;
 * const options = { budget: { nodes: 1_000_000 }, seed: 1 };
 * const state = parseSolveState(JSON.parse(readFileSync('solve-state.json', 'utf8')), board, options);
 * if (state.ok) solve(board, { ...options, resume: state.value });
 * ```
 */
export function parseSolveState(
  json: unknown,
  board: Board,
  options: SolveIdentity,
): Result<SolveState, SolveStateError | ArgumentError> {
  const checkedBoard = checkBoard(board);
  if (!checkedBoard.ok) return checkedBoard;
  const identity = checkIdentity(options);
  if (!identity.ok) return identity;
  const notAState = err({ code: 'not-a-state' as const, message: `not a solve state (${SOLVE_STATE_FORMAT})` });
  const state = plainCopy(json);
  if (!isState(state)) return notAState;
  if (state.board !== boardKey(checkedBoard.value))
    return err({ code: 'another-solve', message: 'it is the state of another board' });
  const { seed, budget, weights } = identity.value;
  if (state.seed !== seed) return err({ code: 'another-solve', message: `its seed is ${describeValue(state.seed)}` });
  // A time budget is not compared: a resumed solve has what is left of its time (`elapsedMs`).
  const savedNodes = isPlainObject(state.budget) ? state.budget.nodes : undefined;
  if ((savedNodes ?? null) !== (budget.nodes ?? null))
    return err({
      code: 'another-solve',
      message: `its node budget is ${savedNodes === undefined ? 'none' : describeValue(savedNodes)}`,
    });
  const savedWeights: Readonly<Record<string, unknown>> = isPlainObject(state.weights) ? state.weights : {};
  const differs = WEIGHT_NAMES.find((name) => savedWeights[name] !== weights[name]);
  if (differs !== undefined) return err({ code: 'another-solve', message: `its weight ${differs} differs` });
  if (!linesAreLegal(state, Kernel.fromBoard(checkedBoard.value)))
    return err({ code: 'not-a-state', message: `not a solve state of this board: a line in it is not legal there` });
  // The fields compared are those of the resumed solve, of the types it takes.
  return ok(solveState({ ...state, seed, budget, weights }));
}
