/** SameGame: board, rules, text form and the referee. */
export { EMPTY, STANDARD_SHAPE, LIMITS, colorAt, isOnBoard, boardFromRows, boardRows, colorCounts, filledCount, boardsEqual } from './board.js';
export type { Board, Cell } from './board.js';
export { parseBoard, parseBoards, formatBoard, formatBoardLines, boardShapeOptionsSchema } from './text.js';
export type { BoardError, BoardErrorCode, BoardShapeOptions } from './text.js';
export { CLEAR_BONUS, moveScore, regionAt, regions, legalMoves, isTerminal, isCleared, checkMove, play } from './rules.js';
export type { MoveError, MoveErrorCode, MoveOutcome } from './rules.js';
export { parseAction, FORMAT_MESSAGE, EMPTY_ACTION_MESSAGE } from './action.js';
export type { Action, ActionError, ActionErrorCode } from './action.js';
export { referee, splitActions, ACTION_LIMIT, PROTOCOLS } from './referee.js';
export type { Protocol, VerdictCode, GameEnd, ActionRecord, Verdict } from './referee.js';
