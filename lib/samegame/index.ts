/**
 * SameGame, the CodinGame optimization puzzle: the board and its text form, the rules (the
 * ground truth), the referee of both CodinGame protocols, the replay, the solver and its weights,
 * the bot's brain, the generator and the game as the tuner sees it. Every reading of an
 * open rule is in {@link READINGS}.
 *
 * The same role has the same name and signature shape in `tilefall/columns` (the text forms are
 * named for what they hold: a board here, an instance there).
 *
 * @module tilefall/samegame
 */

export type { ArgumentError, ArgumentErrorCode } from '../core/argument-error.js';
export type { BudgetSpec } from '../core/budget.js';
export { BUDGET_LIMITS } from '../core/budget.js';
export type { IntegerRange } from '../core/integer-range.js';
export type { WeightsError, WeightsErrorCode } from '../core/named-weights.js';
export type { Result } from '../core/result.js';
export { err, ok } from '../core/result.js';
export type { Board, Cell } from './engine/board.js';
export { boardFromRows, boardRows, colorAt, EMPTY, LIMITS, STANDARD_SHAPE } from './engine/board.js';
export { boardKey } from './engine/board-key.js';
export type { GenerateOptions } from './engine/generate.js';
export { generate } from './engine/generate.js';
export { formatMoves, parseMoves } from './engine/moves.js';
export { READINGS } from './engine/readings.js';
export type { ActionRecord, GameEnd, Protocol, RefereeOptions, Verdict, VerdictCode } from './engine/referee.js';
export { PROTOCOLS, playMoves, referee } from './engine/referee.js';
export type { Replay, ReplayAction, ReplayFrame } from './engine/replay.js';
export { replay } from './engine/replay.js';
export type { MoveError, MoveErrorCode, MoveOutcome } from './engine/rules.js';
export { CLEAR_BONUS, isCleared, isTerminal, legalMoves, moveScore, play, regionAt, start } from './engine/rules.js';
export type { BoardShapeOptions, ParseBoardOptions, TextError, TextErrorCode } from './engine/text.js';
export { formatBoard, formatBoards, parseBoard, parseBoards } from './engine/text.js';
export type { BotOptions } from './search/bot.js';
export { BotSession, DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS } from './search/bot.js';
export type {
  PerftCounts,
  PerftDepth,
  PerftError,
  PerftErrorCode,
  PerftFirstMove,
  PerftOptions,
} from './search/perft.js';
export { perft } from './search/perft.js';
export type { SolveIdentity, SolveState, SolveStateError } from './search/solve-state.js';
export { parseSolveState } from './search/solve-state.js';
export type { Solution, SolveError, SolveOptions, SolveProgress } from './search/solver.js';
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
