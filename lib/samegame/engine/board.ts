/**
 * The SameGame board as plain immutable data.
 *
 * Cells are stored column by column, bottom to top (`cells[x * height + y]`), because every rule
 * of the game (gravity, column compaction) works on columns. `0 0` is the bottom-left cell.
 */

import { EMPTY } from '../../core/cells.js';

import type { IntegerRange } from '../../core/integer-range.js';

export { EMPTY };

/** The CodinGame puzzle's board: 15 columns, 15 rows, colors 0..4. */
export const STANDARD_SHAPE = { width: 15, height: 15, colors: 5 } as const;

/** Limits the engine accepts for any board (the rules page: sizes 1..64, colors 1..20). */
export const LIMITS: { readonly [K in 'width' | 'height' | 'colors']: IntegerRange } = {
  width: [1, 64],
  height: [1, 64],
  colors: [1, 20],
};

/** A cell coordinate: `x` is the column (0 = left), `y` the row (0 = bottom). */
export interface Cell {
  readonly x: number;
  readonly y: number;
}

/**
 * A settled SameGame board: no floating cell and no empty column left of a filled one.
 * Build one with {@link boardFromRows} or `parseBoard`; the engine never mutates it.
 */
export interface Board {
  readonly width: number;
  readonly height: number;
  /** Colors are 0..colors-1. */
  readonly colors: number;
  /** Column-major, bottom to top: `cells[x * height + y]`, {@link EMPTY} for an empty cell. */
  readonly cells: readonly number[];
}

/** The color at (x, y), or {@link EMPTY} for an empty or off-board cell. */
export function colorAt(board: Board, x: number, y: number): number {
  if (x < 0 || y < 0 || x >= board.width || y >= board.height) return EMPTY;
  return board.cells[x * board.height + y];
}

/** True when (x, y) lies on the board. */
export function isOnBoard(board: Board, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < board.width && y < board.height;
}

/**
 * Builds a board from rows given top row first (the puzzle's text order), without validation.
 * Use `parseBoard` for untrusted input.
 */
export function boardFromRows(
  rowsTopFirst: readonly (readonly number[])[],
  colors: number = STANDARD_SHAPE.colors,
): Board {
  const height = rowsTopFirst.length;
  const width = height === 0 ? 0 : rowsTopFirst[0].length;
  const cells = new Array<number>(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) cells[x * height + y] = rowsTopFirst[height - 1 - y][x];
  }
  return { width, height, colors, cells };
}

/** The rows of a board, top row first (the puzzle's text order). */
export function boardRows(board: Board): number[][] {
  const rows: number[][] = [];
  for (let y = board.height - 1; y >= 0; y--) {
    const row: number[] = [];
    for (let x = 0; x < board.width; x++) row.push(colorAt(board, x, y));
    rows.push(row);
  }
  return rows;
}

/** How many cells of each color the board holds (index = color). */
export function colorCounts(board: Board): number[] {
  const counts = new Array<number>(board.colors).fill(0);
  for (const c of board.cells) if (c !== EMPTY) counts[c]++;
  return counts;
}

/** How many cells are filled. */
export function filledCount(board: Board): number {
  let n = 0;
  for (const c of board.cells) if (c !== EMPTY) n++;
  return n;
}

/** True when two boards have the same shape, color count and cells. */
export function boardsEqual(a: Board, b: Board): boolean {
  if (a.width !== b.width || a.height !== b.height || a.colors !== b.colors) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
