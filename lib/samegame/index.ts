/**
 * SameGame: the board and its text form, the rules (the ground truth), the referee of both
 * CodinGame protocols, the fast kernel, the solver and its weights, the bot, the generator and the
 * game as the genetic tuner sees it. Every reading of an open rule is in {@link READINGS}.
 */

export type { BudgetSpec } from '../core/budget.js';
export type { WeightsError } from '../core/named-weights.js';
export type { Action, ActionError, ActionErrorCode } from './action.js';
export { parseAction } from './action.js';
export { bestRandomPlayout, greedyBaseline } from './baselines.js';
export type { Line } from './beam.js';
export { BEAM_MEMORY_BYTES, widestPassThatFits } from './beam-memory.js';
export type { Board, Cell } from './board.js';
export {
  boardFromRows,
  boardRows,
  boardsEqual,
  colorAt,
  colorCounts,
  EMPTY,
  filledCount,
  isOnBoard,
  LIMITS,
  STANDARD_SHAPE,
} from './board.js';
export type { BotOptions } from './bot.js';
export { BotSession, DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS } from './bot.js';
export type { GenerateOptions } from './generate.js';
export { generate } from './generate.js';
export type { BoundaryTotals, ParentSurvey, Survey } from './kernel.js';
export { createParentSurvey, createSurvey, Kernel } from './kernel.js';
export { polishPlan } from './plan-polish.js';
export { READINGS } from './readings.js';
export type { ActionRecord, GameEnd, Protocol, Verdict, VerdictCode } from './referee.js';
export { PROTOCOLS, referee, replayLine, splitActions } from './referee.js';
export type { MoveError, MoveErrorCode, MoveOutcome } from './rules.js';
export {
  CLEAR_BONUS,
  checkMove,
  isCleared,
  isTerminal,
  legalMoves,
  moveScore,
  play,
  regionAt,
  regions,
} from './rules.js';
export type { Solution, SolveError, SolveOptions, SolveProgress } from './solver.js';
export { solve } from './solver.js';
export type { BoardError, BoardErrorCode, BoardShapeOptions } from './text.js';
export { formatBoard, formatBoardLines, parseBoard, parseBoards } from './text.js';
export { tuningGame } from './tuning.js';
export type { FeatureName, SearchKnobName, WeightName, Weights } from './weights.js';
export {
  DEFAULT_WEIGHTS,
  FEATURES,
  parseWeights,
  SEARCH_KNOBS,
  WEIGHT_BOUNDS,
  WEIGHT_DOCS,
  WEIGHT_NAMES,
} from './weights.js';
