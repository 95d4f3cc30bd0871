/**
 * The puzzle's text form of a board: one line per row, top row first, values separated by
 * whitespace, -1 for an empty cell. Parsing is tolerant of trailing spaces, `\r\n` and a
 * missing or extra final newline, and strict about everything else.
 */

import { countNewlines, countTokens, isBlank, lineSpans } from '../../core/lines.js';
import { err, ok, type Result } from '../../core/result.js';
import { clip } from '../../core/tokens.js';
import { type Board, EMPTY, LIMITS } from './board.js';
import { READINGS } from './readings.js';

/** Why a board's text was rejected. */
export type TextErrorCode =
  | 'empty'
  | 'blank-line'
  | 'not-an-integer'
  | 'color-out-of-range'
  | 'ragged'
  | 'size'
  | 'floating-cell'
  | 'gap-column'
  | 'malformed-move'
  | 'too-many-boards';

/** A rejected board text: `line` is 1-based in the text given (0 when no single line is at fault). */
export interface TextError {
  readonly code: TextErrorCode;
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

/** How to read a board: its shape, and where its text starts in a larger file (for error lines). */
export interface ParseBoardOptions extends BoardShapeOptions {
  /** The line number of the text's first line in its file (default 1): errors name lines of the file. */
  readonly firstLine?: number;
}

/** The engine's range of each shape option. */
const SHAPE_RANGES = {
  width: LIMITS.width,
  height: LIMITS.height,
  colors: LIMITS.colors,
  firstLine: [1, Number.MAX_SAFE_INTEGER],
} as const;

// A cell token as the referee's integer reader accepts it, then range-checked per board.
const CELL_TOKEN = /^[+-]?\d+$/;

const boardError = (code: TextErrorCode, line: number, message: string): Result<never, TextError> =>
  err({ code, line, message });

/** What is wrong with the shape options (an unknown option, or a value outside the engine's limits), if anything. */
function shapeOptionProblem(options: ParseBoardOptions): string | undefined {
  if (typeof options !== 'object' || options === null) return `options: expected an object, found ${String(options)}`;
  for (const [key, value] of Object.entries(options)) {
    if (!Object.hasOwn(SHAPE_RANGES, key)) return `${key}: unknown option (known: width, height, colors, firstLine)`;
    if (value === undefined) continue;
    const [min, max] = SHAPE_RANGES[key as keyof typeof SHAPE_RANGES];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      return `${key}: expected an integer from ${min} to ${max}, found ${clip(String(value))}`;
    }
  }
  return undefined;
}

/**
 * Parses one board in the puzzle's text form. The options say what shape to expect and
 * (`firstLine`) where the text starts in a larger file, so that errors name the file's lines.
 *
 * @example
 * ```ts
 * import { parseBoard, STANDARD_SHAPE } from 'tilefall/samegame';
 *
 * // Rows top first, -1 for an empty cell; the options say what shape to expect.
 * const board = parseBoard('0 1\n1 1', { width: 2, height: 2 });
 * if (board.ok) console.log(board.value.cells); // column by column, bottom to top: [1, 0, 1, 1]
 * else console.log(`line ${board.error.line}: ${board.error.message}`);
 * console.log(parseBoard('0 1\n1 1', STANDARD_SHAPE).ok); // false: not 15x15
 * ```
 */
export function parseBoard(text: string, options: ParseBoardOptions = {}): Result<Board, TextError> {
  const problem = shapeOptionProblem(options);
  const firstLine = options.firstLine ?? 1;
  if (problem !== undefined) return boardError('size', 0, `invalid board shape option ${problem}`);
  const content = contentLines(text, options, firstLine);
  if (!content.ok) return content;
  const { lines, first } = content.value;
  const rows = readRows(lines, options.width, first);
  if (!rows.ok) return rows;
  const size = checkSize(rows.value, options, first);
  if (!size.ok) return size;
  const colors = readColors(rows.value, options.colors, first);
  if (!colors.ok) return colors;
  return settledBoard(rows.value, colors.value, first);
}

/**
 * The lines from the first that is not blank to the last, and the line number of the first. A
 * text of more lines than any board has is refused before it is split, so a huge file costs a
 * pass over its characters, not an array of its lines.
 */
function contentLines(
  text: string,
  wanted: BoardShapeOptions,
  firstLine: number,
): Result<{ lines: string[]; first: number }, TextError> {
  const from = text.length - text.trimStart().length;
  if (from === text.length) return boardError('empty', firstLine, 'no board: the text is empty');
  const start = text.lastIndexOf('\n', from) + 1;
  const newlineAfter = text.indexOf('\n', text.trimEnd().length);
  const end = newlineAfter < 0 ? text.length : newlineAfter;
  const first = firstLine + countNewlines(text, 0, start);
  const height = countNewlines(text, start, end) + 1;
  if (height > LIMITS.height[1]) return tooManyRows(height, wanted, first);
  return ok({ lines: text.slice(start, end).split(/\r?\n/), first });
}

/** The refusal of a board of `height` rows, named at its last line. */
const tooManyRows = (height: number, wanted: BoardShapeOptions, firstLine: number): Result<never, TextError> =>
  boardError(
    'size',
    firstLine + height - 1,
    `expected ${wanted.height ?? `at most ${LIMITS.height[1]}`} rows, found ${height}`,
  );

/**
 * The refusal of a row of `count` values, more than any board has: counted, not split, so that a
 * huge line costs no array of its tokens. The message is the one a row of integers that long gets.
 */
function tooManyValues(count: number, width: number | undefined, rows: readonly number[][], lineNo: number): TextError {
  const expected = width ?? rows[0]?.length;
  if (expected === undefined)
    return {
      code: 'size',
      line: lineNo,
      message: `expected at most ${LIMITS.width[1]} values per row, found ${count}`,
    };
  const which = width === undefined ? ' like the first row' : '';
  return {
    code: rows.length === 0 ? 'size' : 'ragged',
    line: lineNo,
    message: `expected ${expected} values${which}, found ${count}`,
  };
}

/**
 * The rows of integers, each as long as `width` (or the first row) says. `firstLine` is the line
 * number of `lines[0]`.
 */
function readRows(
  lines: readonly string[],
  width: number | undefined,
  firstLine: number,
): Result<number[][], TextError> {
  const rows: number[][] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = firstLine + i;
    const count = countTokens(lines[i]);
    if (count > LIMITS.width[1]) return err(tooManyValues(count, width, rows, lineNo));
    const tokens = lines[i]
      .trim()
      .split(/\s+/)
      .filter((t) => t !== '');
    if (tokens.length === 0) return boardError('blank-line', lineNo, 'blank line inside the board');
    const row: number[] = [];
    for (let col = 0; col < tokens.length; col++) {
      if (!CELL_TOKEN.test(tokens[col])) {
        return boardError('not-an-integer', lineNo, `value #${col + 1} "${clip(tokens[col])}" is not an integer`);
      }
      row.push(Number(tokens[col]));
    }
    const expected = width ?? rows[0]?.length;
    if (expected !== undefined && row.length !== expected) {
      const which = width === undefined ? ' like the first row' : '';
      return boardError(
        rows.length === 0 ? 'size' : 'ragged',
        lineNo,
        `expected ${expected} values${which}, found ${row.length}`,
      );
    }
    rows.push(row);
  }
  return ok(rows);
}

/** Refuses a board larger than the engine's limit or of another size than the one asked for. */
function checkSize(rows: readonly number[][], wanted: BoardShapeOptions, firstLine: number): Result<true, TextError> {
  const height = rows.length;
  const width = rows[0].length;
  if (width > LIMITS.width[1] || (wanted.width !== undefined && width !== wanted.width)) {
    return boardError(
      'size',
      firstLine,
      `expected ${wanted.width ?? `at most ${LIMITS.width[1]}`} values per row, found ${width}`,
    );
  }
  if (height > LIMITS.height[1] || (wanted.height !== undefined && height !== wanted.height)) {
    return tooManyRows(height, wanted, firstLine);
  }
  return ok(true);
}

/** The color count: `wanted`, or the largest color found plus one; every cell must be -1 or a color below it. */
function readColors(
  rows: readonly number[][],
  wanted: number | undefined,
  firstLine: number,
): Result<number, TextError> {
  const limit = (wanted ?? LIMITS.colors[1]) - 1;
  let maxColor = -1;
  for (let r = 0; r < rows.length; r++) {
    for (let x = 0; x < rows[r].length; x++) {
      const v = rows[r][x];
      if (v < EMPTY || v > limit) {
        return boardError(
          'color-out-of-range',
          firstLine + r,
          `value #${x + 1} is ${v}, expected -1 (empty) or a color 0..${limit}`,
        );
      }
      maxColor = Math.max(maxColor, v);
    }
  }
  return ok(wanted ?? Math.max(1, maxColor + 1));
}

/** The board of `rows` (top row first), refused unless it is settled. */
function settledBoard(rows: readonly number[][], colors: number, firstLine: number): Result<Board, TextError> {
  const height = rows.length;
  const width = rows[0].length;
  const cells = new Array<number>(width * height);
  for (let x = 0; x < width; x++) for (let y = 0; y < height; y++) cells[x * height + y] = rows[height - 1 - y][x];
  READINGS.boardsMustBeSettled satisfies true; // refused, never settled here
  const settled = checkSettled(width, height, cells);
  if (settled === undefined) return ok({ width, height, colors, cells });
  const line = firstLine + (height - 1 - settled.y);
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

/**
 * The board in the puzzle's text form: top row first, values separated by one space, no final newline.
 *
 * @example
 * ```ts
 * import { formatBoard, generate } from 'tilefall/samegame';
 *
 * const [board] = generate({ count: 1, seed: 1 });
 * console.log(formatBoard(board)); // 15 lines of 15 colors, top row first
 * ```
 */
export function formatBoard(board: Board): string {
  return formatBoardLines(board).join('\n');
}

/** A file of boards in the form {@link parseBoards} reads: each board, a blank line between, a final newline. */
export function formatBoards(boards: readonly Board[]): string {
  return `${boards.map(formatBoard).join('\n\n')}\n`;
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
 * The most boards a dataset may hold (as many as `tilefall samegame generate` writes at once):
 * a board costs far more in memory than its text, so a file of millions of tiny boards is refused
 * at the first board past the limit instead of filling the memory.
 */
const MAX_DATASET_BOARDS = 100_000;

/**
 * Parses a file of boards separated by blank lines (the standard set's form), at most 100,000.
 * Errors name the line in the whole file.
 */
export function parseBoards(text: string, options: BoardShapeOptions = {}): Result<Board[], TextError> {
  const boards: Board[] = [];
  // A board is a run of lines that are not blank, read from the text by offsets (no split of the whole file).
  let from: { start: number; index: number } | undefined;
  let end = 0;
  for (const line of lineSpans(text)) {
    const blank = isBlank(text, line.start, line.end);
    if (!blank) {
      from ??= line;
      end = line.end;
      if (line.end < text.length) continue;
    }
    if (from === undefined) continue;
    if (boards.length === MAX_DATASET_BOARDS)
      return boardError('too-many-boards', from.index + 1, `a dataset holds at most ${MAX_DATASET_BOARDS} boards`);
    const parsed = parseBoard(text.slice(from.start, end), { ...options, firstLine: from.index + 1 });
    if (!parsed.ok) return parsed;
    boards.push(parsed.value);
    from = undefined;
  }
  if (boards.length === 0) return boardError('empty', 1, 'no board: the text is empty');
  return ok(boards);
}
