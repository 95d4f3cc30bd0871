/**
 * The puzzle's text form of a board: one line per row, top row first, values separated by
 * whitespace, -1 for an empty cell. Parsing is tolerant of trailing spaces, `\r\n` and a
 * missing or extra final newline, and strict about everything else.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../core/result.js';
import { clip } from '../../core/tokens.js';
import { type Board, EMPTY, LIMITS } from './board.js';
import { READINGS } from './readings.js';

/** Why a board's text was rejected. */
export type BoardErrorCode =
  | 'empty'
  | 'blank-line'
  | 'not-an-integer'
  | 'color-out-of-range'
  | 'ragged'
  | 'size'
  | 'floating-cell'
  | 'gap-column';

/** A rejected board text: `line` is 1-based in the text given (0 when no single line is at fault). */
export interface BoardError {
  readonly code: BoardErrorCode;
  readonly line: number;
  readonly message: string;
}

/** What the caller knows about the board to expect; anything left out is read from the text. */
export interface BoardShapeOptions {
  readonly width?: number;
  readonly height?: number;
  /** Color count; when absent it is the largest color found plus one. */
  readonly colors?: number;
}

const sizeSchema = z.number().int().min(LIMITS.minSize).max(LIMITS.maxSize);
const colorsSchema = z.number().int().min(LIMITS.minColors).max(LIMITS.maxColors);

/** The shape options, validated: the engine's limits for width, height and colors. */
const boardShapeOptionsSchema = z
  .object({ width: sizeSchema.optional(), height: sizeSchema.optional(), colors: colorsSchema.optional() })
  .strict();

// A cell token as the referee's integer reader accepts it, then range-checked per board.
const cellTokenSchema = z.string().regex(/^[+-]?\d+$/);

const boardError = (code: BoardErrorCode, line: number, message: string): Result<never, BoardError> =>
  err({ code, line, message });

/**
 * Parses one board in the puzzle's text form.
 * `firstLine` numbers the lines of `text` as lines of a larger file (for error messages).
 */
export function parseBoard(text: string, options: BoardShapeOptions = {}, firstLine = 1): Result<Board, BoardError> {
  const shape = boardShapeOptionsSchema.safeParse(options);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    return boardError('size', 0, `invalid board shape option ${issue.path.join('.')}: ${issue.message}`);
  }
  const lines = text.split(/\r?\n/);
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  if (start === end) return boardError('empty', firstLine, 'no board: the text is empty');

  const rows: number[][] = [];
  for (let i = start; i < end; i++) {
    const lineNo = firstLine + i;
    const tokens = lines[i]
      .trim()
      .split(/\s+/)
      .filter((t) => t !== '');
    if (tokens.length === 0) return boardError('blank-line', lineNo, 'blank line inside the board');
    const row: number[] = [];
    for (let col = 0; col < tokens.length; col++) {
      if (!cellTokenSchema.safeParse(tokens[col]).success) {
        return boardError('not-an-integer', lineNo, `value #${col + 1} "${clip(tokens[col])}" is not an integer`);
      }
      row.push(Number(tokens[col]));
    }
    const expected = options.width ?? rows[0]?.length;
    if (expected !== undefined && row.length !== expected) {
      const which = options.width === undefined ? ' like the first row' : '';
      return boardError(
        rows.length === 0 ? 'size' : 'ragged',
        lineNo,
        `expected ${expected} values${which}, found ${row.length}`,
      );
    }
    rows.push(row);
  }

  const height = rows.length;
  const width = rows[0].length;
  const wanted = shape.data;
  if (width > LIMITS.maxSize || (wanted.width !== undefined && width !== wanted.width)) {
    return boardError(
      'size',
      firstLine + start,
      `expected ${wanted.width ?? `at most ${LIMITS.maxSize}`} values per row, found ${width}`,
    );
  }
  if (height > LIMITS.maxSize || (wanted.height !== undefined && height !== wanted.height)) {
    return boardError(
      'size',
      firstLine + end - 1,
      `expected ${wanted.height ?? `at most ${LIMITS.maxSize}`} rows, found ${height}`,
    );
  }

  let maxColor = -1;
  for (let r = 0; r < height; r++) {
    for (let x = 0; x < width; x++) {
      const v = rows[r][x];
      const limit = (wanted.colors ?? LIMITS.maxColors) - 1;
      if (v < EMPTY || v > limit) {
        return boardError(
          'color-out-of-range',
          firstLine + start + r,
          `value #${x + 1} is ${v}, expected -1 (empty) or a color 0..${limit}`,
        );
      }
      maxColor = Math.max(maxColor, v);
    }
  }
  const colors = wanted.colors ?? Math.max(1, maxColor + 1);

  const cells = new Array<number>(width * height);
  for (let x = 0; x < width; x++) for (let y = 0; y < height; y++) cells[x * height + y] = rows[height - 1 - y][x];
  READINGS.boardsMustBeSettled satisfies true; // refused, never settled here
  const settled = checkSettled(width, height, cells);
  if (settled !== undefined) {
    const line = firstLine + start + (height - 1 - settled.y);
    return settled.code === 'floating-cell'
      ? boardError(
          'floating-cell',
          line,
          `column ${settled.x + 1} has a filled cell above an empty one (the board must be settled)`,
        )
      : boardError(
          'gap-column',
          line,
          `column ${settled.x + 1} is empty but a column right of it is not (the board must be compacted)`,
        );
  }
  return ok({ width, height, colors, cells });
}

// The engine's boards are always settled: the referee never sends another kind.
function checkSettled(
  width: number,
  height: number,
  cells: readonly number[],
): { code: 'floating-cell' | 'gap-column'; x: number; y: number } | undefined {
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

/** The board in the puzzle's text form: top row first, values separated by one space, no final newline. */
export function formatBoard(board: Board): string {
  return formatBoardLines(board).join('\n');
}

/** The board's rows in the puzzle's text form, top row first. */
export function formatBoardLines(board: Board): string[] {
  const lines: string[] = [];
  for (let y = board.height - 1; y >= 0; y--) {
    const row: number[] = [];
    for (let x = 0; x < board.width; x++) row.push(board.cells[x * board.height + y]);
    lines.push(row.join(' '));
  }
  return lines;
}

/**
 * Parses a file of boards separated by blank lines (the standard set's form).
 * Errors name the line in the whole file.
 */
export function parseBoards(text: string, options: BoardShapeOptions = {}): Result<Board[], BoardError> {
  const lines = text.split(/\r?\n/);
  const boards: Board[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const from = i;
    while (i < lines.length && lines[i].trim() !== '') i++;
    const parsed = parseBoard(lines.slice(from, i).join('\n'), options, from + 1);
    if (!parsed.ok) return parsed;
    boards.push(parsed.value);
  }
  if (boards.length === 0) return boardError('empty', 1, 'no board: the text is empty');
  return ok(boards);
}
