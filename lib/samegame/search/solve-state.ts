/**
 * A SameGame solve's state between two beam passes, as plain JSON-able data: what `solve` hands
 * to `onCheckpoint`, and what it goes on from when given as `resume` (`solve --checkpoint FILE
 * --resume`). With a node budget, a solve resumed from a state ends exactly where the solve that
 * wrote it would have ended. Its content is the search's own: the public type is opaque, so the
 * search can change what it keeps without a major version (the format string says which).
 */
import type { BudgetSpec } from '../../core/budget.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Board } from '../engine/board.js';
import { boardKey } from '../engine/board-key.js';
import { DEFAULT_WEIGHTS, WEIGHT_NAMES, type Weights } from './weights.js';

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

const isLine = (v: unknown): v is Line =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Line).score === 'number' &&
  Array.isArray((v as Line).moves) &&
  (v as Line).moves.every((m) => Number.isInteger(m) && m >= 0);

/**
 * Checks parsed JSON as a state of the solve of `board` with `options` (the options the resumed
 * solve is given), naming what is wrong.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { generate, parseSolveState, solve } from 'tilefall/samegame';
 *
 * const [board] = generate({ count: 1, seed: 7 });
 * const options = { budget: { nodes: 1_000_000 }, seed: 1 };
 * const state = parseSolveState(JSON.parse(readFileSync('solve-state.json', 'utf8')), board, options);
 * if (state.ok) solve(board, { ...options, resume: state.value });
 * ```
 */
export function parseSolveState(
  json: unknown,
  board: Board,
  options: SolveIdentity,
): Result<SolveState, SolveStateError> {
  const s = json as Partial<SolveStateData> | null;
  const p = s?.passes;
  const shaped =
    typeof s === 'object' &&
    s !== null &&
    s.format === SOLVE_STATE_FORMAT &&
    Array.isArray(s.random) &&
    typeof s.startNodes === 'number' &&
    typeof s.searchNodes === 'number' &&
    typeof s.elapsedMs === 'number' &&
    isLine(s.start) &&
    typeof p === 'object' &&
    p !== null &&
    isLine(p.best) &&
    Array.isArray(p.candidates) &&
    p.candidates.every(isLine) &&
    typeof p.width === 'number' &&
    typeof p.bestWidth === 'number' &&
    typeof p.noiseScale === 'number' &&
    typeof p.done === 'boolean' &&
    typeof p.optimal === 'boolean';
  if (!shaped) return err({ code: 'not-a-state', message: `not a solve state (${SOLVE_STATE_FORMAT})` });
  const state = s as SolveStateData;
  if (state.board !== boardKey(board))
    return err({ code: 'another-solve', message: 'it is the state of another board' });
  if (state.seed !== (options.seed ?? 1)) return err({ code: 'another-solve', message: `its seed is ${state.seed}` });
  // A time budget is not compared: a resumed solve has what is left of its time (`elapsedMs`).
  if ((state.budget?.nodes ?? null) !== (options.budget.nodes ?? null))
    return err({ code: 'another-solve', message: `its node budget is ${state.budget?.nodes ?? 'none'}` });
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const differs = WEIGHT_NAMES.find((name) => state.weights?.[name] !== weights[name]);
  if (differs !== undefined) return err({ code: 'another-solve', message: `its weight ${differs} differs` });
  return ok(solveState(state));
}
