/**
 * The puzzle's text form of a board: one line per row, top row first, values separated by
 * whitespace, -1 for an empty cell. Parsing is tolerant of trailing spaces, `\r\n` and a
 * missing or extra final newline, and strict about everything else.
 */
import { type ArgumentError, checkOptions, checkWholeNumber, refuse } from '../../core/argument-error.js';
import { countNewlines, countTokens, isBlank, lineSpans } from '../../core/lines.js';
import { err, ok, type Result } from '../../core/result.js';
import { clip } from '../../core/tokens.js';
import { type Board, cellsFromRows, checkedBoard, EMPTY, LIMITS, settledProblem } from './board.js';
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

/**
 * The text and the shape options of a parse, checked: the text a string, the options an object
 * of known keys (`keys`) whose values are absent or whole numbers within the engine's limits.
 */
function checkParseArguments(
  text: unknown,
  options: unknown,
  keys: readonly (keyof typeof SHAPE_RANGES)[],
): Result<ParseBoardOptions, ArgumentError<'invalid-option'>> {
  if (typeof text !== 'string') return refuse('invalid-option', 'text', 'a string', text);
  const fields = checkOptions('invalid-option', 'options', options, keys);
  if (!fields.ok) return fields;
  for (const key of keys) {
    const value = fields.value[key];
    if (value === undefined) continue;
    const checked = checkWholeNumber('invalid-option', `options.${key}`, value, SHAPE_RANGES[key]);
    if (!checked.ok) return checked;
  }
  return ok(fields.value as ParseBoardOptions);
}

/**
 * Parses one board in the puzzle's text form. The options say what shape to expect and
 * (`firstLine`) where the text starts in a larger file, so that errors name the file's lines.
 * What is wrong with the text is a {@link TextError} naming its line; a `text` that is not a
 * string, or options that are not {@link ParseBoardOptions} within the engine's limits, are
 * refused with `invalid-option` and the field at fault.
 *
 * @example
 * ```ts
 * import { parseBoard, STANDARD_SHAPE } from 'tilefall/samegame';
 *
 * // Rows top first, -1 for an empty cell; the options say what shape to expect.
 * const board = parseBoard('0 1\n1 1', { width: 2, height: 2 });
 * if (board.ok) console.log(board.value.cells); // column by column, bottom to top: [1, 0, 1, 1]
 * else console.log(board.error.message); // a TextError names its line: board.error.line
 * console.log(parseBoard('0 1\n1 1', STANDARD_SHAPE).ok); // false: not 15x15
 * ```
 */
export function parseBoard(
  text: string,
  options: ParseBoardOptions = {},
): Result<Board, TextError | ArgumentError<'invalid-option'>> {
  const checked = checkParseArguments(text, options, ['width', 'height', 'colors', 'firstLine']);
  if (!checked.ok) return checked;
  return parseCheckedBoard(text, checked.value);
}

/** {@link parseBoard} of a string, with options checked. */
function parseCheckedBoard(text: string, options: ParseBoardOptions): Result<Board, TextError> {
  const firstLine = options.firstLine ?? 1;
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
  const cells = cellsFromRows(rows);
  READINGS.boardsMustBeSettled satisfies true; // refused, never settled here
  const settled = settledProblem(width, height, cells);
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

/**
 * The board in the puzzle's text form: top row first, values separated by one space, no final
 * newline. `''` for a value that is not a valid board.
 *
 * @example
 * ```ts
 * import { formatBoard, generate } from 'tilefall/samegame';
 *
 * const boards = generate({ count: 1, seed: 1 });
 * if (boards.ok) console.log(formatBoard(boards.value[0])); // 15 lines of 15 colors, top row first
 * ```
 */
export function formatBoard(board: Board): string {
  const checked = checkedBoard(board);
  return checked === undefined ? '' : formatBoardLines(checked).join('\n');
}

/**
 * A file of boards in the form {@link parseBoards} reads: each board, a blank line between, a
 * final newline. `''` when `boards` is not an array of valid boards.
 */
export function formatBoards(boards: readonly Board[]): string {
  if (!Array.isArray(boards)) return '';
  const checked = boards.map(checkedBoard);
  if (checked.includes(undefined)) return '';
  return `${(checked as Board[]).map((board) => formatBoardLines(board).join('\n')).join('\n\n')}\n`;
}

/** The rows of a valid board in the puzzle's text form, top row first. */
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
 * Errors name the line in the whole file. A `text` that is not a string, or options that are not
 * {@link BoardShapeOptions} within the engine's limits, are refused as {@link parseBoard} refuses them.
 */
export function parseBoards(
  text: string,
  options: BoardShapeOptions = {},
): Result<Board[], TextError | ArgumentError<'invalid-option'>> {
  const checked = checkParseArguments(text, options, ['width', 'height', 'colors']);
  if (!checked.ok) return checked;
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
    const parsed = parseCheckedBoard(text.slice(from.start, end), { ...checked.value, firstLine: from.index + 1 });
    if (!parsed.ok) return parsed;
    boards.push(parsed.value);
    from = undefined;
  }
  if (boards.length === 0) return boardError('empty', 1, 'no board: the text is empty');
  return ok(boards);
}
