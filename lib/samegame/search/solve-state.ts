/**
 * A SameGame solve's state between two beam passes, as plain JSON-able data: what `solve` hands
 * to `onCheckpoint`, and what it goes on from when given as `resume` (`solve --checkpoint FILE
 * --resume`). With a node budget, a solve resumed from a state ends exactly where the solve that
 * wrote it would have ended.
 */
import type { BudgetSpec } from '../../core/budget.js';
import { err, ok, type Result } from '../../core/result.js';
import { WEIGHT_NAMES, type Weights } from './weights.js';

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

/** Everything a resumed solve needs, and what it must match. */
export interface SolveState {
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

/** What a resumed solve must share with the one that wrote the state. */
export interface SolveIdentity {
  readonly board: string;
  readonly seed: number;
  readonly budget: BudgetSpec;
  readonly weights: Weights;
}

const isLine = (v: unknown): v is Line =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Line).score === 'number' &&
  Array.isArray((v as Line).moves) &&
  (v as Line).moves.every((m) => Number.isInteger(m) && m >= 0);

/** Checks parsed JSON as a state of the solve `identity` describes, naming what is wrong. */
export function parseSolveState(json: unknown, identity: SolveIdentity): Result<SolveState, SolveStateError> {
  const s = json as Partial<SolveState> | null;
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
  const state = s as SolveState;
  if (state.board !== identity.board)
    return err({ code: 'another-solve', message: 'it is the state of another board' });
  if (state.seed !== identity.seed) return err({ code: 'another-solve', message: `its seed is ${state.seed}` });
  // A time budget is not compared: a resumed solve has what is left of its time (`elapsedMs`).
  if ((state.budget?.nodes ?? null) !== (identity.budget.nodes ?? null))
    return err({ code: 'another-solve', message: `its node budget is ${state.budget?.nodes ?? 'none'}` });
  const differs = WEIGHT_NAMES.find((name) => state.weights?.[name] !== identity.weights[name]);
  if (differs !== undefined) return err({ code: 'another-solve', message: `its weight ${differs} differs` });
  return ok(state);
}
