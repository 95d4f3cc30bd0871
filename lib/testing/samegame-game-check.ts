/**
 * The checks the SameGame conformance functions make of what a caller passes them, so that a value
 * of the wrong shape is refused as a value, never thrown on: a game is a settled board within the
 * engine's limits and moves each legal where it is played; an engine's steps are points and rows.
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../core/argument-error.js';
import { err, ok, type Result } from '../core/result.js';
import { type Board, type Cell, EMPTY, LIMITS } from '../samegame/engine/board.js';
import { play } from '../samegame/engine/rules.js';
import { isArrayOf, isNumber, isPresent, MOST_LINES } from './dense-array.js';
import type { SamegameGame } from './samegame-games.js';

/** The codes of the refusals: a board, a move, or any other value. */
export type SamegameCheckCode = 'invalid-board' | 'invalid-cell' | 'invalid-option';

type Checked<T> = Result<T, ArgumentError<SamegameCheckCode>>;

/**
 * `value` as a game: a settled board, and moves each legal on the board the ones before it leave,
 * answered as a copy, each field read once (a getter of the caller's is not read again).
 */
export function checkSamegameGame(value: unknown, field = 'game'): Checked<SamegameGame> {
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'a game: a board and its moves', value);
  const board = checkBoard(value.board, `${field}.board`);
  if (!board.ok) return board;
  const { moves } = value;
  // Each move takes two cells at least: a longer list cannot be legal.
  const most = Math.floor((board.value.width * board.value.height) / 2);
  if (!Array.isArray(moves) || moves.length > most)
    return refuse('invalid-option', `${field}.moves`, `an array of at most ${most} moves`, moves);
  let current = board.value;
  const checkedMoves: Cell[] = [];
  for (let i = 0; i < moves.length; i++) {
    const move = checkCell(moves[i], current, `${field}.moves[${i}]`);
    if (!move.ok) return move;
    checkedMoves.push(move.value);
    const played = play(current, move.value);
    if (!played.ok)
      return err({
        code: 'invalid-cell',
        field: `${field}.moves[${i}]`,
        message: `${field}.moves[${i}] is not a legal move: ${played.error.message}`,
      });
    current = played.value.board;
  }
  return ok({ board: board.value, moves: checkedMoves });
}

/** A cell of `board`: whole numbers `x` and `y` on it. */
function checkCell(value: unknown, board: Board, field: string): Checked<Cell> {
  if (!isPlainObject(value)) return refuse('invalid-cell', field, 'a cell { x, y }', value);
  const x = checkWholeNumber('invalid-cell', `${field}.x`, value.x, [0, board.width - 1]);
  if (!x.ok) return x;
  const y = checkWholeNumber('invalid-cell', `${field}.y`, value.y, [0, board.height - 1]);
  if (!y.ok) return y;
  return ok({ x: x.value, y: y.value });
}

/**
 * `value` as a settled board within the engine's limits: whole sizes and colors, one cell a
 * position holding a color or {@link EMPTY}, no cell above an empty one, no empty column left of a
 * filled one.
 */
export function checkBoard(value: unknown, field: string): Checked<Board> {
  if (!isPlainObject(value)) return refuse('invalid-board', field, 'a board', value);
  const width = checkWholeNumber('invalid-board', `${field}.width`, value.width, LIMITS.width);
  if (!width.ok) return width;
  const height = checkWholeNumber('invalid-board', `${field}.height`, value.height, LIMITS.height);
  if (!height.ok) return height;
  const colors = checkWholeNumber('invalid-board', `${field}.colors`, value.colors, LIMITS.colors);
  if (!colors.ok) return colors;
  const { cells } = value;
  const size = width.value * height.value;
  if (!Array.isArray(cells) || cells.length !== size)
    return refuse('invalid-board', `${field}.cells`, `an array of ${size} cells`, cells);
  const copy: number[] = new Array(size);
  for (let i = 0; i < size; i++) {
    const cell = checkWholeNumber('invalid-board', `${field}.cells[${i}]`, cells[i], [EMPTY, colors.value - 1]);
    if (!cell.ok) return cell;
    copy[i] = cell.value;
  }
  const unsettled = unsettledCell(copy, width.value, height.value);
  if (unsettled !== undefined)
    return refuse(
      'invalid-board',
      `${field}.cells[${unsettled}]`,
      'settled (nothing above an empty cell or right of an empty column)',
      copy[unsettled],
    );
  return ok({ width: width.value, height: height.value, colors: colors.value, cells: copy });
}

/** The first filled cell above an empty one or in a column right of an empty column, if any. */
function unsettledCell(cells: readonly number[], width: number, height: number): number | undefined {
  let emptyColumn = false;
  for (let x = 0; x < width; x++) {
    let empty = emptyColumn;
    for (let y = 0; y < height; y++) {
      const at = x * height + y;
      if (cells[at] === EMPTY) empty = true;
      else if (empty) return at;
    }
    if (cells[x * height] === EMPTY) emptyColumn = true;
  }
  return undefined;
}

/**
 * `value` as an engine's steps: an array of `{ points, rows }`, the points a number and the rows
 * arrays of numbers. What the numbers are is the engine's answer, which the comparison judges.
 */
export function checkSamegameSteps(value: unknown, field = 'steps'): Checked<undefined> {
  if (!isArrayOf(value, isPresent, MOST_LINES))
    return refuse('invalid-option', field, `an array of at most ${MOST_LINES} steps`, value);
  for (let s = 0; s < value.length; s++) {
    const step: unknown = value[s];
    const at = `${field}[${s}]`;
    if (!isPlainObject(step)) return refuse('invalid-option', at, 'a step { points, rows }', step);
    if (typeof step.points !== 'number') return refuse('invalid-option', `${at}.points`, 'a number', step.points);
    const { rows } = step;
    if (!isArrayOf(rows, isPresent, MOST_LINES))
      return refuse('invalid-option', `${at}.rows`, `an array of at most ${MOST_LINES} rows`, rows);
    for (let r = 0; r < rows.length; r++)
      if (!isArrayOf(rows[r], isNumber, MOST_LINES))
        return refuse('invalid-option', `${at}.rows[${r}]`, `an array of at most ${MOST_LINES} numbers`, rows[r]);
  }
  return ok(undefined);
}
