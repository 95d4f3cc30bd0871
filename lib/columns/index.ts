/**
 * Columns: the field, the instance and output text forms, the rules (the ground truth), the
 * referee, the fast kernel, the solver and its weights, the baselines, the generator and the game
 * as the genetic tuner sees it. Every reading of an open rule is in {@link READINGS}.
 */

export type { BudgetSpec } from '../core/budget.js';
export type { WeightsError } from '../core/named-weights.js';
export type { TokenErrorCode } from '../core/tokens.js';
export type { Field, Jewel } from './engine/field.js';
export { emptyField, formatField, JEWEL_COLORS, jewelCount, jewelLetter } from './engine/field.js';
export type { GenerateOptions, IntegerRange } from './engine/generate.js';
export { GENERATOR_RANGES, generate } from './engine/generate.js';
export type { Instance, Piece, Placement } from './engine/instance.js';
export { pieceFromToken, pieceToken, STATEMENT_LIMITS } from './engine/instance.js';
export { READINGS } from './engine/readings.js';
export type { GameResult, Verdict } from './engine/referee.js';
export { playGame, referee } from './engine/referee.js';
export type { ColumnOutcome, MatchStep } from './engine/rules.js';
export { findMatches, jewelAt, playColumn, resolveMatches, shiftJewels } from './engine/rules.js';
export type { InputError, OutputError, TextErrorCode } from './engine/text.js';
export {
  formatInstance,
  formatInstances,
  formatOutput,
  parseInstance,
  parseInstances,
  parseOutput,
  splitInstances,
} from './engine/text.js';
export { greedyPlacements, quickstartPlacements } from './search/baselines.js';
export { Kernel } from './search/kernel.js';
export type { Solution, SolveError, SolveOptions } from './search/solver.js';
export { INHERITED_POTENTIAL, solve } from './search/solver.js';
export { tuningGame } from './search/tuning.js';
export type { ColorRule, WeightName, Weights } from './search/weights.js';
export {
  COLOR_RULES,
  DEFAULT_WEIGHTS,
  parseWeights,
  WEIGHT_BOUNDS,
  WEIGHT_DOCS,
  WEIGHT_NAMES,
  weightsForColors,
} from './search/weights.js';
