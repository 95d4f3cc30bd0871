/**
 * Columns, the algotester "Columns Game" optimization problem: the instance and its text form,
 * the rules (the ground truth), the referee, the replay, the solver and its weights, the
 * generator and the game as the tuner sees it. Every reading of an open rule is in
 * {@link READINGS}.
 *
 * The same role has the same name and signature shape in `tilefall/samegame` (the text forms are
 * named for what they hold: an instance here, a board there).
 *
 * @module tilefall/columns
 */

export type { ArgumentError, ArgumentErrorCode } from '../core/argument-error.js';
export type { BudgetSpec } from '../core/budget.js';
export { BUDGET_LIMITS } from '../core/budget.js';
export type { IntegerRange } from '../core/integer-range.js';
export type { WeightsError, WeightsErrorCode } from '../core/named-weights.js';
export type { Result } from '../core/result.js';
export { err, ok } from '../core/result.js';
export type { Field, Jewel } from './engine/field.js';
export { formatField } from './engine/field.js';
export type { GenerateOptions } from './engine/generate.js';
export { generate } from './engine/generate.js';
export type { Instance, Piece, Placement } from './engine/instance.js';
export { LIMITS, STATEMENT_SHAPE } from './engine/instance.js';
export type { MatchStep } from './engine/landing.js';
export { formatMoves, parseMoves } from './engine/moves.js';
export { READINGS } from './engine/readings.js';
export type { GameResult, Verdict } from './engine/referee.js';
export { playMoves, referee } from './engine/referee.js';
export type { Replay, ReplayColumn, ReplayStage } from './engine/replay.js';
export { replay } from './engine/replay.js';
export type { MoveError, MoveErrorCode, MoveOutcome, Position } from './engine/rules.js';
export { isTerminal, legalMoves, play, start } from './engine/rules.js';
export type { TextError, TextErrorCode } from './engine/text.js';
export { formatInstance, formatInstances, parseInstance, parseInstances } from './engine/text.js';
export type { Solution, SolveError, SolveOptions } from './search/solver.js';
export { solve } from './search/solver.js';
export { tuningGame } from './search/tuning.js';
export type { FeatureName, SearchKnobName, WeightName, Weights } from './search/weights.js';
export {
  DEFAULT_WEIGHTS,
  FEATURE_NAMES,
  parseWeights,
  SEARCH_KNOB_NAMES,
  WEIGHT_BOUNDS,
  WEIGHT_DOCS,
  WEIGHT_NAMES,
} from './search/weights.js';
