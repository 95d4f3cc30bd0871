/**
 * A move list's text form: one `x y` per line, the file `verify` reads and `solve` prints (the
 * multi-turn protocol's actions, without the optional message).
 */
import { err, ok, type Result } from '../../core/result.js';
import type { Board, Cell } from './board.js';
import type { TextError } from './text.js';

/**
 * The moves as `x y` lines, each ending with a newline.
 *
 * @example
 * ```ts
 * import { formatMoves, generate, solve } from 'tilefall/samegame';
 *
 * const [board] = generate({ count: 1, seed: 7 });
 * const solution = solve(board, { budget: { nodes: 10_000 } });
 * if (solution.ok) process.stdout.write(formatMoves(solution.value.moves)); // what `verify` reads
 * ```
 */
export function formatMoves(moves: readonly Cell[]): string {
  return moves.map((m) => `${m.x} ${m.y}\n`).join('');
}

/**
 * Parses `x y` lines into cells on `board` (blank lines are skipped). Only the form is checked
 * here: whether a move is legal is for {@link play} and the referee to say.
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
export function parseMoves(text: string, board: Pick<Board, 'width' | 'height'>): Result<Cell[], TextError> {
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
