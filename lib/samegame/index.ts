/** SameGame: board, rules, text form and the referee. */

export type { BudgetSpec } from '../core/budget.js';
export type { Action, ActionError, ActionErrorCode } from './action.js';
export { EMPTY_ACTION_MESSAGE, FORMAT_MESSAGE, parseAction } from './action.js';
export { bestRandomPlayout, greedyBaseline } from './baselines.js';
export type { Line } from './beam.js';
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
export type { FeatureName, SearchKnobName, WeightName, Weights } from './evaluation.js';
export { DEFAULT_WEIGHTS, FEATURES, SEARCH_KNOBS, WEIGHT_BOUNDS, WEIGHT_DOCS, WEIGHT_NAMES } from './evaluation.js';
export type { GenerateOptions } from './generate.js';
export { generateBoards } from './generate.js';
export type { ActionRecord, GameEnd, Protocol, Verdict, VerdictCode } from './referee.js';
export { ACTION_LIMIT, PROTOCOLS, referee, splitActions } from './referee.js';
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
export { boardShapeOptionsSchema, formatBoard, formatBoardLines, parseBoard, parseBoards } from './text.js';
export { TUNING_MODULE_URL, tuningGame } from './tuning.js';
export { parseWeights, weightsSchema } from './weights.js';
