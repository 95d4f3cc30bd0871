/**
 * Columns: the field, the instance and output text forms, the rules (the ground truth), the
 * referee, the fast kernel, the solver and its weights, the baselines, the generator and the game
 * as the genetic tuner sees it. Every reading of an open rule is in {@link READINGS}.
 */

export type { BudgetSpec } from '../core/budget.js';
export type { WeightsError } from '../core/named-weights.js';
export type { TokenErrorCode } from '../core/tokens.js';
export { greedyPlacements, quickstartPlacements } from './baselines.js';
export type { Field, Jewel } from './field.js';
export { emptyField, formatField, JEWEL_COLORS, jewelCount, jewelLetter } from './field.js';
export type { GenerateOptions, IntegerRange } from './generate.js';
export { GENERATOR_RANGES, generate } from './generate.js';
export type { Instance, Piece, Placement } from './instance.js';
export { pieceFromToken, pieceToken, STATEMENT_LIMITS } from './instance.js';
export { Kernel } from './kernel.js';
export { READINGS } from './readings.js';
export type { GameResult, Verdict } from './referee.js';
export { playGame, referee } from './referee.js';
export type { ColumnOutcome, MatchStep } from './rules.js';
export { findMatches, jewelAt, playColumn, resolveMatches, shiftJewels } from './rules.js';
export type { Solution, SolveError, SolveOptions } from './solver.js';
export { INHERITED_POTENTIAL, solve } from './solver.js';
export type { InputError, OutputError, TextErrorCode } from './text.js';
export {
  formatInstance,
  formatInstances,
  formatOutput,
  parseInstance,
  parseInstances,
  parseOutput,
  splitInstances,
} from './text.js';
export { tuningGame } from './tuning.js';
export type { ColourRule, WeightName, Weights } from './weights.js';
export {
  COLOUR_RULES,
  DEFAULT_WEIGHTS,
  parseWeights,
  WEIGHT_BOUNDS,
  WEIGHT_DOCS,
  WEIGHT_NAMES,
  weightsForColours,
} from './weights.js';
