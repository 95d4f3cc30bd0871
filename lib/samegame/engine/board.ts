/**
 * The SameGame board as plain immutable data.
 *
 * Cells are stored column by column, bottom to top (`cells[x * height + y]`), because every rule
 * of the game (gravity, column compaction) works on columns. `0 0` is the bottom-left cell.
 */

import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../../core/argument-error.js';
import { EMPTY } from '../../core/cells.js';
import type { IntegerRange } from '../../core/integer-range.js';
import { err, ok, type Result } from '../../core/result.js';

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

/**
 * The color of `cell`: {@link EMPTY} for an empty cell, a cell off the board or a cell whose
 * coordinates are not whole numbers, and for a value that is not a valid board.
 */
export function colorAt(board: Board, cell: Cell): number {
  const checked = checkedBoard(board);
  if (checked === undefined || !isPlainObject(cell)) return EMPTY;
  const { x, y } = cell;
  if (!Number.isInteger(x) || !Number.isInteger(y)) return EMPTY;
  return cellColor(checked, x as number, y as number);
}

/** The color at (x, y) of a valid board, or {@link EMPTY} off it: the engine's own unchecked read. */
export function cellColor(board: Board, x: number, y: number): number {
  if (!isOnBoard(board, x, y)) return EMPTY;
  return board.cells[x * board.height + y];
}

/** True when (x, y), whole numbers, lie on the board. */
export function isOnBoard(board: Board, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < board.width && y < board.height;
}

/**
 * Builds a board from rows given top row first (the puzzle's text order), checked as
 * `parseBoard` checks a board's text: the rows rectangular and within {@link LIMITS}, every cell
 * -1 ({@link EMPTY}) or a color below `colors`, the board settled (no filled cell above an empty
 * one, no empty column left of a filled one), `colors` a whole number within {@link LIMITS}.
 * A refusal names the value at fault (`rows[2][0]`).
 *
 * @example
 * ```ts
 * import { boardFromRows } from 'tilefall/samegame';
 *
 * const board = boardFromRows([
 *   [0, -1],
 *   [1, 1],
 * ]);
 * if (board.ok) console.log(board.value.cells); // column by column, bottom to top: [1, 0, 1, -1]
 * console.log(boardFromRows([[1, 1], [-1, 1]]).ok); // false: a cell above a hole
 * ```
 */
export function boardFromRows(
  rowsTopFirst: readonly (readonly number[])[],
  colors: number = STANDARD_SHAPE.colors,
): Result<Board, ArgumentError<'invalid-board'>> {
  const colorCount = checkWholeNumber('invalid-board', 'colors', colors, LIMITS.colors);
  if (!colorCount.ok) return colorCount;
  const shape = rowsShape(rowsTopFirst);
  if (!shape.ok) return shape;
  const { width, height } = shape.value;
  for (let r = 0; r < height; r++) {
    for (let x = 0; x < width; x++) {
      const value = rowsTopFirst[r][x];
      if (!isCellValue(value, colorCount.value))
        return refuse('invalid-board', `rows[${r}][${x}]`, cellExpected(colorCount.value), value);
    }
  }
  const cells = cellsFromRows(rowsTopFirst);
  const unsettled = settledProblem(width, height, cells);
  if (unsettled !== undefined) return unsettledError(`rows[${height - 1 - unsettled.y}][${unsettled.x}]`, unsettled);
  return ok({ width, height, colors: colorCount.value, cells });
}

/** The width and height of rows (top row first): an array of equal arrays, within {@link LIMITS}. */
function rowsShape(rows: unknown): Result<{ width: number; height: number }, ArgumentError<'invalid-board'>> {
  const [minHeight, maxHeight] = LIMITS.height;
  if (!Array.isArray(rows) || rows.length < minHeight || rows.length > maxHeight)
    return refuse('invalid-board', 'rows', `an array of ${minHeight} to ${maxHeight} rows`, rows);
  const [minWidth, maxWidth] = LIMITS.width;
  const first: unknown = rows[0];
  if (!Array.isArray(first) || first.length < minWidth || first.length > maxWidth)
    return refuse('invalid-board', 'rows[0]', `an array of ${minWidth} to ${maxWidth} cells`, first);
  for (let r = 1; r < rows.length; r++) {
    const row: unknown = rows[r];
    if (!Array.isArray(row) || row.length !== first.length)
      return refuse('invalid-board', `rows[${r}]`, `an array of ${first.length} cells like the first row`, row);
  }
  return ok({ width: first.length, height: rows.length });
}

/** The cells of rows given top row first, column by column, bottom to top (the board's order). */
export function cellsFromRows(rowsTopFirst: readonly (readonly number[])[]): number[] {
  const height = rowsTopFirst.length;
  const width = rowsTopFirst[0].length;
  const cells = new Array<number>(width * height);
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; y++) cells[x * height + y] = rowsTopFirst[height - 1 - y][x];
  return cells;
}

/** True for a cell value of a board of `colors` colors: -1 (empty) or a whole color below `colors`. */
const isCellValue = (value: unknown, colors: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= EMPTY && value < colors;

const cellExpected = (colors: number): string => `-1 (empty) or a color from 0 to ${colors - 1}`;

/** Where a board is not settled: a filled cell above an empty one, or an empty column left of a filled one. */
export interface Unsettled {
  readonly code: 'floating-cell' | 'gap-column';
  /** The column at fault (the empty one for a gap), and the row of the floating cell (0 for a gap). */
  readonly x: number;
  readonly y: number;
}

/**
 * Where the cells of a `width` x `height` board (the board's order) are not settled, if
 * anywhere: the engine's boards are always settled, and the referee never sends another kind.
 */
export function settledProblem(width: number, height: number, cells: readonly number[]): Unsettled | undefined {
  let emptyColumn = -1;
  for (let x = 0; x < width; x++) {
    for (let y = 1; y < height; y++) {
      if (cells[x * height + y] !== EMPTY && cells[x * height + y - 1] === EMPTY)
        return { code: 'floating-cell', x, y };
    }
    const columnEmpty = cells[x * height] === EMPTY;
    if (columnEmpty && emptyColumn < 0) emptyColumn = x;
    if (!columnEmpty && emptyColumn >= 0) return { code: 'gap-column', x: emptyColumn, y: 0 };
  }
  return undefined;
}

/** The refusal of an unsettled board, naming the cell `field`. */
function unsettledError(field: string, problem: Unsettled): Result<never, ArgumentError<'invalid-board'>> {
  const why =
    problem.code === 'floating-cell'
      ? `is a filled cell above an empty one in column ${problem.x}: the board must be settled`
      : `is the bottom of an empty column left of a filled one: the board must be compacted`;
  return err({ code: 'invalid-board', field, message: `${field} ${why}` });
}

/**
 * `value` as a board, or a refusal naming the field at fault (`board.cells[7]`, from `field`):
 * an object whose width, height and colors are whole numbers within {@link LIMITS}, whose cells
 * are an array of width x height values, each -1 ({@link EMPTY}) or a color below `colors`, and
 * which is settled. Other fields are allowed and ignored. Every function of the package that
 * takes a board checks it with this once, at its boundary (it costs one pass over the cells),
 * and works on the plain copy it answers, each field read once; the search never checks again.
 */
export function checkBoard(value: unknown, field = 'board'): Result<Board, ArgumentError<'invalid-board'>> {
  if (!isPlainObject(value))
    return refuse('invalid-board', field, 'a board (an object of width, height, colors and cells)', value);
  const width = checkWholeNumber('invalid-board', `${field}.width`, value.width, LIMITS.width);
  if (!width.ok) return width;
  const height = checkWholeNumber('invalid-board', `${field}.height`, value.height, LIMITS.height);
  if (!height.ok) return height;
  const colors = checkWholeNumber('invalid-board', `${field}.colors`, value.colors, LIMITS.colors);
  if (!colors.ok) return colors;
  const cells = copiedCells(value.cells, width.value * height.value, colors.value, field);
  if (!cells.ok) return cells;
  const unsettled = settledProblem(width.value, height.value, cells.value);
  if (unsettled !== undefined)
    return unsettledError(`${field}.cells[${unsettled.x * height.value + unsettled.y}]`, unsettled);
  return ok({ width: width.value, height: height.value, colors: colors.value, cells: cells.value });
}

/**
 * The cells checked into an array of their own, each read once: what was checked is what the
 * engine plays on, even when a getter or a Proxy of the caller's answers otherwise on a later
 * read (such a board once made `replay` throw from inside).
 */
function copiedCells(
  cells: unknown,
  size: number,
  colors: number,
  field: string,
): Result<number[], ArgumentError<'invalid-board'>> {
  if (!Array.isArray(cells) || cells.length !== size)
    return refuse('invalid-board', `${field}.cells`, `an array of ${size} cells (width x height)`, cells);
  const copy = new Array<number>(size);
  for (let i = 0; i < size; i++) {
    const cell: unknown = cells[i];
    if (!isCellValue(cell, colors)) return refuse('invalid-board', `${field}.cells[${i}]`, cellExpected(colors), cell);
    copy[i] = (cell as number) + 0;
  }
  return ok(copy);
}

/**
 * The board {@link checkBoard} answers for `value` (its own copy), or undefined: for the queries,
 * which answer any value and then read only what was checked.
 */
export function checkedBoard(value: unknown): Board | undefined {
  const checked = checkBoard(value);
  return checked.ok ? checked.value : undefined;
}

/** True when `value` is a valid settled board ({@link checkBoard}). */
export function isBoard(value: unknown): value is Board {
  return checkBoard(value).ok;
}

/**
 * `value` as a cell: an object whose `x` and `y` are whole numbers (on the board or not: a
 * whole-number cell off the board is for the rules to refuse, as the referee does).
 */
export function checkCell(value: unknown, field: string): Result<Cell, ArgumentError<'invalid-cell'>> {
  if (!isPlainObject(value)) return refuse('invalid-cell', field, 'a cell (an object of whole-number x and y)', value);
  for (const key of ['x', 'y'] as const) {
    const coordinate = value[key];
    if (typeof coordinate !== 'number' || !Number.isInteger(coordinate))
      return refuse('invalid-cell', `${field}.${key}`, 'a whole number', coordinate);
  }
  return ok({ x: (value.x as number) + 0, y: (value.y as number) + 0 });
}

/** `value` as a list of cells ({@link checkCell} on each item, named `field[i]`). */
export function checkCells(value: unknown, field: string): Result<Cell[], ArgumentError<'invalid-cell'>> {
  if (!Array.isArray(value)) return refuse('invalid-cell', field, 'an array of cells', value);
  const cells: Cell[] = [];
  for (let i = 0; i < value.length; i++) {
    const cell = checkCell(value[i], `${field}[${i}]`);
    if (!cell.ok) return cell;
    cells.push(cell.value);
  }
  return ok(cells);
}

/** The rows of a board, top row first (the puzzle's text order); `[]` for a value that is not a valid board. */
export function boardRows(board: Board): number[][] {
  const checked = checkedBoard(board);
  if (checked === undefined) return [];
  const rows: number[][] = [];
  for (let y = checked.height - 1; y >= 0; y--) {
    const row: number[] = [];
    for (let x = 0; x < checked.width; x++) row.push(cellColor(checked, x, y));
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
