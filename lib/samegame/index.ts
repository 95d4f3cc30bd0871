/**
 * SameGame: the board and its text form, the rules (the ground truth), the referee of both
 * CodinGame protocols, the fast kernel, the solver and its weights, the bot, the generator and the
 * game as the genetic tuner sees it. Every reading of an open rule is in {@link READINGS}.
 */

export type { BudgetSpec } from '../core/budget.js';
export type { WeightsError } from '../core/named-weights.js';
export type { Action, ActionError, ActionErrorCode } from './engine/action.js';
export { parseAction } from './engine/action.js';
export type { Board, Cell } from './engine/board.js';
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
} from './engine/board.js';
export type { GenerateOptions } from './engine/generate.js';
export { generate } from './engine/generate.js';
export { READINGS } from './engine/readings.js';
export type { ActionRecord, GameEnd, Protocol, Verdict, VerdictCode } from './engine/referee.js';
export { PROTOCOLS, referee, replayLine, splitActions } from './engine/referee.js';
export type { MoveError, MoveErrorCode, MoveOutcome } from './engine/rules.js';
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
} from './engine/rules.js';
export type { BoardError, BoardErrorCode, BoardShapeOptions } from './engine/text.js';
export { formatBoard, formatBoardLines, parseBoard, parseBoards } from './engine/text.js';
export { bestRandomPlayout, greedyBaseline } from './search/baselines.js';
export type { Line } from './search/beam.js';
export { BEAM_MEMORY_BYTES, widestPassThatFits } from './search/beam-memory.js';
export type { BotOptions } from './search/bot.js';
export { BotSession, DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS } from './search/bot.js';
export type { BoundaryTotals, ParentSurvey, Survey } from './search/kernel.js';
export { createParentSurvey, createSurvey, Kernel } from './search/kernel.js';
export { polishPlan } from './search/plan-polish.js';
export type { Solution, SolveError, SolveOptions, SolveProgress } from './search/solver.js';
export { solve } from './search/solver.js';
export { tuningGame } from './search/tuning.js';
export type { FeatureName, SearchKnobName, WeightName, Weights } from './search/weights.js';
export {
  DEFAULT_WEIGHTS,
  FEATURES,
  parseWeights,
  SEARCH_KNOBS,
  WEIGHT_BOUNDS,
  WEIGHT_DOCS,
  WEIGHT_NAMES,
} from './search/weights.js';
