/**
 * A SameGame game as replay data: every position of a move list as the referee judges it, with
 * the region each applied action removes, computed here by the engine so that a picture of the
 * game (the HTML replay, an SVG) draws only what it is given.
 */
import type { ArgumentError } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';
import type { Board } from './board.js';
import {
  type ActionRecord,
  checkRefereeArguments,
  judgeActions,
  type Protocol,
  type RefereeOptions,
  splitActions,
  type Verdict,
} from './referee.js';
import { moveScore, playMove, regionOf } from './rules.js';

/** What an action did, as the referee judged it (its record without the running totals), plus its clear bonus. */
export interface ReplayAction
  extends Pick<ActionRecord, 'text' | 'status' | 'x' | 'y' | 'removed' | 'points' | 'message'> {
  /** The 1,000 for clearing the board, when this action earned it. */
  readonly clearBonus: number;
  readonly code?: string;
}

/** The position after some actions. */
export interface ReplayFrame {
  /** One character per cell, column by column, bottom to top: '.' empty, 'a' color 0, ... */
  readonly cells: string;
  readonly score: number;
  readonly cellsLeft: number;
  readonly colorsLeft: number;
  /** The action that led here (none at the start). */
  readonly action?: ReplayAction;
  /** Cells (indices) of the region the next action removes, when it removes one. */
  readonly next?: readonly number[];
}

/** A whole game: its shape, its protocol's verdict and one frame per action judged. */
export interface Replay {
  readonly game: 'samegame';
  readonly width: number;
  readonly height: number;
  readonly colors: number;
  readonly protocol: Protocol;
  readonly verdict: Pick<Verdict, 'score' | 'moves' | 'warnings' | 'end' | 'cleared' | 'error'>;
  /** Frame k is the position after k actions (frame 0 is the start). */
  readonly frames: readonly ReplayFrame[];
}

/** The board as replay cells: one character per cell, column by column, bottom to top. */
export const replayCells = (board: Board): string =>
  board.cells.map((c) => (c < 0 ? '.' : String.fromCharCode(97 + c))).join('');

function frameOf(board: Board, score: number, action?: ReplayAction): ReplayFrame {
  const present = new Set(board.cells.filter((c) => c >= 0));
  const cellsLeft = board.cells.reduce((n, c) => n + (c >= 0 ? 1 : 0), 0);
  return { cells: replayCells(board), score, cellsLeft, colorsLeft: present.size, ...(action ? { action } : {}) };
}

/**
 * The replay of a game the referee judged from `board`: `verdict` is `referee(board, actions,
 * protocol)` (or `replayLine` for a solver's line, which no protocol limits).
 */
export function replayOfVerdict(board: Board, verdict: Verdict): Replay {
  const frames: ReplayFrame[] = [frameOf(board, 0)];
  let current = board;
  for (const record of verdict.actions) {
    const { text, status, x, y, removed, points, score, code, message } = record;
    if (status === 'applied' && x !== undefined && y !== undefined) {
      const region = regionOf(current, x, y).map((c) => c.x * current.height + c.y);
      frames[frames.length - 1] = { ...frames[frames.length - 1], next: region };
      const outcome = playMove(current, { x, y });
      if (!outcome.ok) throw new Error(`the referee applied an illegal move: ${outcome.error.message}`);
      current = outcome.value.board;
    }
    const clearBonus = status === 'applied' && removed !== undefined ? points - moveScore(removed) : 0;
    const action: ReplayAction = {
      text,
      status,
      points,
      clearBonus,
      ...(x === undefined ? {} : { x }),
      ...(y === undefined ? {} : { y }),
      ...(removed === undefined ? {} : { removed }),
      ...(code === undefined ? {} : { code }),
      ...(message === undefined ? {} : { message }),
    };
    frames.push(frameOf(current, score, action));
  }
  const { score, moves, warnings, end, cleared, error } = verdict;
  return {
    game: 'samegame',
    width: board.width,
    height: board.height,
    colors: board.colors,
    protocol: verdict.protocol,
    verdict: { score, moves, warnings, end, cleared, ...(error ? { error } : {}) },
    frames,
  };
}

/**
 * The replay of a bot's output text for `board`, judged as `referee` judges it: what the
 * HTML replay and the SVG pictures draw. Its arguments are refused as `referee` refuses them.
 *
 * @example
 * ```ts
 * import { parseBoard, replay } from 'tilefall/samegame';
 *
 * const board = parseBoard('1 0 0\n0 1 1');
 * if (!board.ok) throw new Error(board.error.message);
 * const game = replay(board.value, '1 0\n0 0\n');
 * if (game.ok) console.log(game.value.frames.length, game.value.verdict.score); // 3 1
 * ```
 */
export function replay(board: Board, output: string, options: RefereeOptions = {}): Result<Replay, ArgumentError> {
  const checked = checkRefereeArguments(board, output, options);
  if (!checked.ok) return checked;
  const { protocol } = checked.value;
  return ok(
    replayOfVerdict(checked.value.board, judgeActions(checked.value.board, splitActions(output, protocol), protocol)),
  );
}
