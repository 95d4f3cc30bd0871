/**
 * The rules of SameGame as pure functions on immutable boards: the ground truth that the
 * referee, the fast kernel and every search are checked against (`docs/rules/samegame.md`).
 */
import { err, ok, type Result } from '../../core/result.js';
import { type Board, type Cell, colorAt, EMPTY, isOnBoard } from './board.js';
import { READINGS } from './readings.js';

/** Bonus for a move that leaves the board clear (cell 0 0 empty). */
export const CLEAR_BONUS = 1000;

/** Points for removing a region of `size` cells: (n - 2)^2. */
export function moveScore(size: number): number {
  return (size - 2) * (size - 2);
}

/** Why a move cannot be played. */
export type MoveErrorCode = 'out-of-bounds' | 'empty-cell' | 'single-cell';

/** A refused move, with the referee's message. */
export interface MoveError {
  readonly code: MoveErrorCode;
  readonly message: string;
}

/** A played move: the new board and what it earned. */
export interface MoveOutcome {
  readonly board: Board;
  /** Cells removed (the region's size). */
  readonly removed: number;
  /** (removed - 2)^2. */
  readonly points: number;
  /** {@link CLEAR_BONUS} when this move left the board clear, else 0. */
  readonly clearBonus: number;
}

/** The state a game of `board` starts in: SameGame's state is its board, so the board itself. */
export function start(board: Board): Board {
  return board;
}

/** The 4-connected cells of the same color as (x, y); empty when the cell is empty or off the board. */
export function regionAt(board: Board, x: number, y: number): Cell[] {
  const color = colorAt(board, x, y);
  if (color === EMPTY) return [];
  const seen = new Set<number>([x * board.height + y]);
  const region: Cell[] = [];
  const stack: Cell[] = [{ x, y }];
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
      if (isOnBoard(board, nx, ny) && !seen.has(key) && colorAt(board, nx, ny) === color) {
        seen.add(key);
        stack.push({ x: nx, y: ny });
      }
    }
  }
  return region;
}

/** Every region of the board, each once, in column-major order of its first cell. */
export function regions(board: Board): Cell[][] {
  const claimed = new Set<number>();
  const found: Cell[][] = [];
  for (let x = 0; x < board.width; x++) {
    for (let y = 0; y < board.height; y++) {
      if (claimed.has(x * board.height + y) || colorAt(board, x, y) === EMPTY) continue;
      const region = regionAt(board, x, y);
      for (const c of region) claimed.add(c.x * board.height + c.y);
      found.push(region);
    }
  }
  return found;
}

/**
 * The legal moves: one per region of at least 2 cells, named by the region's first cell in
 * column-major order (leftmost column, then lowest row). Any cell of a region plays the same move.
 */
export function legalMoves(board: Board): Cell[] {
  return regions(board)
    .filter((r) => r.length >= 2)
    .map(firstCell);
}

/** The cell that names a region: its first in column-major order (leftmost column, then lowest row). */
export function firstCell(region: readonly Cell[]): Cell {
  return region.reduce((a, b) => (b.x < a.x || (b.x === a.x && b.y < a.y) ? b : a));
}

/** True when no legal move remains: the board is clear or every region is a single cell. */
export function isTerminal(board: Board): boolean {
  for (let x = 0; x < board.width; x++) {
    for (let y = 0; y < board.height; y++) {
      const c = colorAt(board, x, y);
      if (c === EMPTY) break; // settled: nothing above an empty cell
      if (colorAt(board, x + 1, y) === c || colorAt(board, x, y + 1) === c) return false;
    }
  }
  return true;
}

/** True when the board is clear, which the statement defines as cell (0, 0) being empty. */
export function isCleared(board: Board): boolean {
  READINGS.clearMeansBottomLeftEmpty satisfies true;
  return colorAt(board, 0, 0) === EMPTY;
}

/** Checks that (x, y) names a legal move, with the referee's reasons when it does not. */
export function checkMove(board: Board, x: number, y: number): Result<Cell[], MoveError> {
  if (!isOnBoard(board, x, y))
    return err({ code: 'out-of-bounds', message: `Selected target out of bounds: x=${x}, y=${y}` });
  if (colorAt(board, x, y) === EMPTY) return err({ code: 'empty-cell', message: 'Selected empty tile.' });
  const region = regionAt(board, x, y);
  if (region.length < 2)
    return err({ code: 'single-cell', message: 'Selected region should have size greater than 1.' });
  return ok(region);
}

/**
 * Plays the move at (x, y): removes its region, lets every column fall, removes empty columns,
 * and adds the clear bonus when the board ends clear. The input board is never changed.
 */
export function play(board: Board, move: Cell): Result<MoveOutcome, MoveError> {
  const checked = checkMove(board, move.x, move.y);
  if (!checked.ok) return checked;
  const region = checked.value;
  const { width, height } = board;

  const removed = new Set(region.map((c) => c.x * height + c.y));
  const columns: number[][] = [];
  for (let x = 0; x < width; x++) {
    const kept: number[] = [];
    for (let y = 0; y < height; y++) {
      const c = board.cells[x * height + y];
      if (c !== EMPTY && !removed.has(x * height + y)) kept.push(c); // gravity keeps the order
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
    points: moveScore(region.length),
    clearBonus: isCleared(next) ? CLEAR_BONUS : 0,
  });
}
