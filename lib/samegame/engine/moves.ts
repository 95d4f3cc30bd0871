/**
 * A move list's text form: one `x y` per line, the file `verify` reads and `solve` prints (the
 * multi-turn protocol's actions, without the optional message).
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../../core/argument-error.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, type Cell, LIMITS } from './board.js';
import type { TextError } from './text.js';

/**
 * The moves as `x y` lines, each ending with a newline. `''` when `moves` is not an array of
 * cells whose `x` and `y` are whole numbers.
 *
 * @example
 * ```ts
 * import { formatMoves, generate, solve } from 'tilefall/samegame';
 *
 * const boards = generate({ count: 1, seed: 7 });
 * if (!boards.ok) throw new Error(boards.error.message);
 * const solution = solve(boards.value[0], { budget: { nodes: 10_000 } });
 * if (solution.ok) process.stdout.write(formatMoves(solution.value.moves)); // what `verify` reads
 * ```
 */
export function formatMoves(moves: readonly Cell[]): string {
  if (!Array.isArray(moves) || !moves.every(isWholeCell)) return '';
  return moves.map((m) => `${m.x + 0} ${m.y + 0}\n`).join('');
}

const isWholeCell = (value: unknown): value is Cell =>
  isPlainObject(value) && Number.isInteger(value.x) && Number.isInteger(value.y);

/**
 * Parses `x y` lines into cells on `board` (blank lines are skipped). Only the form is checked
 * here: whether a move is legal is for `play` and the referee to say. A `text` that is not a
 * string (`invalid-option`), or a `board` whose width and height are not whole numbers within
 * `LIMITS` (`invalid-board`), is refused.
 *
 * @example
 * ```ts
 * import { parseBoard, parseMoves } from 'tilefall/samegame';
 *
 * const board = parseBoard('0 1\n1 1');
 * if (!board.ok) throw new Error(board.error.message);
 * const moves = parseMoves('1 0\n0 0\n', board.value);
 * if (moves.ok) console.log(moves.value); // [{ x: 1, y: 0 }, { x: 0, y: 0 }]
 * ```
 */
export function parseMoves(
  text: string,
  board: Pick<Board, 'width' | 'height'>,
): Result<Cell[], TextError | ArgumentError<'invalid-option' | 'invalid-board'>> {
  if (typeof text !== 'string') return refuse('invalid-option', 'text', 'a string', text);
  if (!isPlainObject(board)) return refuse('invalid-board', 'board', 'an object of width and height', board);
  const width = checkWholeNumber('invalid-board', 'board.width', board.width, LIMITS.width);
  if (!width.ok) return width;
  const height = checkWholeNumber('invalid-board', 'board.height', board.height, LIMITS.height);
  if (!height.ok) return height;
  const moves: Cell[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const match = /^(\d+)\s+(\d+)$/.exec(line);
    const x = match === null ? Number.NaN : Number(match[1]);
    const y = match === null ? Number.NaN : Number(match[2]);
    if (!(x < board.width && y < board.height)) {
      const message = `expected "x y" with 0 <= x < ${board.width} and 0 <= y < ${board.height}`;
      return err({ code: 'malformed-move', line: i + 1, message });
    }
    moves.push({ x, y });
  }
  return ok(moves);
}
