/**
 * The rules of SameGame as pure functions on immutable boards: the ground truth that the
 * referee, the fast kernel and every search are checked against (`docs/rules/samegame.md`).
 */
import { type ArgumentError, isPlainObject } from '../../core/argument-error.js';
import { err, ok, type Result } from '../../core/result.js';
import {
  type Board,
  type Cell,
  cellColor,
  checkBoard,
  checkCell,
  checkedBoard,
  EMPTY,
  isOnBoard,
  LIMITS,
} from './board.js';
import { READINGS } from './readings.js';

/** Bonus for a move that leaves the board clear (cell 0 0 empty). */
export const CLEAR_BONUS = 1000;

/**
 * Points for removing a region of `size` cells: (size - 2)^2. 0 for a size no region can have:
 * anything but a whole number from 2 to the cells of the largest board ({@link LIMITS}).
 */
export function moveScore(size: number): number {
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 2 || size > MAX_CELLS) return 0;
  return pointsOf(size);
}

/** The cells of the largest board. */
const MAX_CELLS = LIMITS.width[1] * LIMITS.height[1];

/** (size - 2)^2, for a size the engine counted. */
const pointsOf = (size: number): number => (size - 2) * (size - 2);

/** A move's points apart and together: the region's, the clear bonus, and their sum. */
function scoreOf(size: number, cleared: boolean): Pick<MoveOutcome, 'points' | 'regionPoints' | 'clearBonus'> {
  const regionPoints = pointsOf(size);
  const clearBonus = cleared ? CLEAR_BONUS : 0;
  return { points: regionPoints + clearBonus, regionPoints, clearBonus };
}

/**
 * Why a move cannot be played: the referee's reasons (a cell off the board, an empty cell, a
 * single cell), or a value that is not a board or not a cell with whole-number coordinates.
 */
export type MoveErrorCode = 'out-of-bounds' | 'empty-cell' | 'single-cell' | 'invalid-board' | 'invalid-cell';

/**
 * A refused move: the referee's reason and message, or a refused argument (with the field at
 * fault: `board.cells[7]`, `move.x`).
 */
export type MoveError =
  | { readonly code: 'out-of-bounds' | 'empty-cell' | 'single-cell'; readonly message: string }
  | ArgumentError<'invalid-board' | 'invalid-cell'>;

/** The referee's reasons for refusing a whole-number cell of a valid board. */
export type RuleErrorCode = 'out-of-bounds' | 'empty-cell' | 'single-cell';

/** A move the rules refuse, with the referee's message. */
export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

/** A played move: the new board and what it earned. */
export interface MoveOutcome {
  readonly board: Board;
  /** Cells removed (the region's size). */
  readonly removed: number;
  /**
   * What the move adds to the score: {@link MoveOutcome.regionPoints} plus
   * {@link MoveOutcome.clearBonus}, as the referee counts it and a conformance engine prints it.
   */
  readonly points: number;
  /** (removed - 2)^2: the region's own points, without the bonus. */
  readonly regionPoints: number;
  /** {@link CLEAR_BONUS} when this move left the board clear, else 0. */
  readonly clearBonus: number;
}

/**
 * The state a game of `board` starts in: SameGame's state is its board, so the board itself
 * (any value is given back as it is; the functions that take a board check it).
 */
export function start(board: Board): Board {
  return board;
}

/**
 * The 4-connected cells of the same color as `cell`; empty when the cell is empty or off the
 * board, when its coordinates are not whole numbers, and for a value that is not a valid board.
 */
export function regionAt(board: Board, cell: Cell): Cell[] {
  const checked = checkedBoard(board);
  if (checked === undefined || !isPlainObject(cell)) return [];
  const { x, y } = cell;
  if (!Number.isInteger(x) || !Number.isInteger(y)) return [];
  return regionOf(checked, x as number, y as number);
}

/** The region of (x, y) on a valid board (empty for an empty or off-board cell): the engine's own. */
export function regionOf(board: Board, x: number, y: number): Cell[] {
  const color = cellColor(board, x, y);
  if (color === EMPTY) return [];
  const seen = new Set<number>([x * board.height + y]);
  const region: Cell[] = [];
  const stack: Cell[] = [{ x: x + 0, y: y + 0 }];
  while (stack.length > 0) {
    const cell = stack.pop()!;
    region.push(cell);
    for (const [nx, ny] of [
      [cell.x + 1, cell.y],
      [cell.x - 1, cell.y],
      [cell.x, cell.y + 1],
      [cell.x, cell.y - 1],
    ]) {
      const key = nx * board.height + ny;
      if (isOnBoard(board, nx, ny) && !seen.has(key) && cellColor(board, nx, ny) === color) {
        seen.add(key);
        stack.push({ x: nx, y: ny });
      }
    }
  }
  return region;
}

/** Every region of a valid board, each once, in column-major order of its first cell. */
export function regions(board: Board): Cell[][] {
  const claimed = new Set<number>();
  const found: Cell[][] = [];
  for (let x = 0; x < board.width; x++) {
    for (let y = 0; y < board.height; y++) {
      if (claimed.has(x * board.height + y) || cellColor(board, x, y) === EMPTY) continue;
      const region = regionOf(board, x, y);
      for (const c of region) claimed.add(c.x * board.height + c.y);
      found.push(region);
    }
  }
  return found;
}

/**
 * The legal moves: one per region of at least 2 cells, named by the region's first cell in
 * column-major order (leftmost column, then lowest row). Any cell of a region plays the same move.
 * `[]` for a value that is not a valid board.
 */
export function legalMoves(board: Board): Cell[] {
  const checked = checkedBoard(board);
  if (checked === undefined) return [];
  return regions(checked)
    .filter((r) => r.length >= 2)
    .map(firstCell);
}

/** The cell that names a region: its first in column-major order (leftmost column, then lowest row). */
export function firstCell(region: readonly Cell[]): Cell {
  return region.reduce((a, b) => (b.x < a.x || (b.x === a.x && b.y < a.y) ? b : a));
}

/**
 * True when no legal move remains: the board is clear or every region is a single cell. True
 * for a value that is not a valid board too (it has no legal move: {@link legalMoves} is `[]`).
 */
export function isTerminal(board: Board): boolean {
  const checked = checkedBoard(board);
  return checked === undefined || boardIsTerminal(checked);
}

/** {@link isTerminal} of a valid board: the engine's own. */
export function boardIsTerminal(board: Board): boolean {
  for (let x = 0; x < board.width; x++) {
    for (let y = 0; y < board.height; y++) {
      const c = cellColor(board, x, y);
      if (c === EMPTY) break; // settled: nothing above an empty cell
      if (cellColor(board, x + 1, y) === c || cellColor(board, x, y + 1) === c) return false;
    }
  }
  return true;
}

/**
 * True when the board is clear, which the statement defines as cell (0, 0) being empty. False
 * for a value that is not a valid board.
 */
export function isCleared(board: Board): boolean {
  const checked = checkedBoard(board);
  return checked !== undefined && boardIsCleared(checked);
}

/** {@link isCleared} of a valid board: the engine's own. */
export function boardIsCleared(board: Board): boolean {
  READINGS.clearMeansBottomLeftEmpty satisfies true;
  return cellColor(board, 0, 0) === EMPTY;
}

/** Checks that (x, y) names a legal move of a valid board, with the referee's reasons when it does not. */
export function checkMove(board: Board, x: number, y: number): Result<Cell[], RuleError> {
  if (!isOnBoard(board, x, y))
    return err({ code: 'out-of-bounds', message: `Selected target out of bounds: x=${x}, y=${y}` });
  if (cellColor(board, x, y) === EMPTY) return err({ code: 'empty-cell', message: 'Selected empty tile.' });
  const region = regionOf(board, x, y);
  if (region.length < 2)
    return err({ code: 'single-cell', message: 'Selected region should have size greater than 1.' });
  return ok(region);
}

/**
 * Plays `move`: removes its region, lets every column fall, removes empty columns, and adds the
 * clear bonus when the board ends clear. The input board is never changed. A move off the board,
 * on an empty cell or on a single cell is refused with the referee's reason; a value that is not
 * a valid board (`invalid-board`) or a move whose `x` or `y` is not a whole number
 * (`invalid-cell`) is refused with the field at fault.
 *
 * @example
 * ```ts
 * import { parseBoard, play } from 'tilefall/samegame';
 *
 * const board = parseBoard('0 1\n1 1');
 * if (!board.ok) throw new Error(board.error.message);
 * const outcome = play(board.value, { x: 1, y: 0 });
 * if (outcome.ok) console.log(outcome.value.removed, outcome.value.points); // 3 1
 * else console.log(outcome.error.code, outcome.error.message);
 * ```
 */
export function play(board: Board, move: Cell): Result<MoveOutcome, MoveError> {
  const checked = checkBoard(board);
  if (!checked.ok) return checked;
  const cell = checkCell(move, 'move');
  if (!cell.ok) return cell;
  return playMove(checked.value, cell.value);
}

/** {@link play} on a valid board and a whole-number cell: the engine's own, for the boards it made or checked. */
export function playMove(board: Board, move: Cell): Result<MoveOutcome, RuleError> {
  const checked = checkMove(board, move.x, move.y);
  if (!checked.ok) return checked;
  const region = checked.value;
  const { width, height } = board;

  const removed = new Uint8Array(width * height);
  for (const c of region) removed[c.x * height + c.y] = 1;
  const columns: number[][] = [];
  for (let x = 0; x < width; x++) {
    const kept: number[] = [];
    for (let y = 0; y < height; y++) {
      const c = board.cells[x * height + y];
      if (c !== EMPTY && removed[x * height + y] === 0) kept.push(c); // gravity keeps the order
    }
    if (kept.length > 0) columns.push(kept); // compaction drops empty columns
  }
  const cells = new Array<number>(width * height).fill(EMPTY);
  columns.forEach((column, x) => {
    for (let y = 0; y < column.length; y++) cells[x * height + y] = column[y];
  });

  const next: Board = { width, height, colors: board.colors, cells };
  return ok({
    board: next,
    removed: region.length,
    ...scoreOf(region.length, boardIsCleared(next)),
  });
}
