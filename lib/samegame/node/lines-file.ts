/**
 * A lines file: the best lines found on boards, kept across runs (`solve --lines FILE`). Each
 * line of the file is one JSON object: the board's key (`board-key.ts`, the same for every
 * recoloring), the score, the line as one-turn text (`x y;x y;…`), when it was found and with
 * what budget. The file is only ever appended to, so a run killed while writing can cost at most
 * its own last line: an unfinished last line (no newline after it, the start of a stored line) is
 * skipped. Any other last line without a newline is read as every line is: a finished stored line
 * is kept, anything else refused, so a file that is not a lines file is never rewritten.
 */
import { existsSync } from 'node:fs';
import { parseJson } from '../../core/json.js';
import { isBlank } from '../../core/lines.js';
import { err, ok, type Result } from '../../core/result.js';
import { appendTextFile, type FileError, readTextFile, writeFileAtomic } from '../../node/files.js';
import { type Cell, LIMITS } from '../engine/board.js';

/** One stored line. */
export interface StoredLine {
  /** The board's key (`boardKey`). */
  readonly board: string;
  readonly score: number;
  readonly moves: readonly Cell[];
  /** When it was found (ISO 8601, UTC). */
  readonly when: string;
  /** The budget of the solve that found it, as a person reads it (`20 s`, `2000000 nodes`). */
  readonly budget: string;
}

/** A line of a lines file that is not a stored line: its 1-based number and what is wrong. */
export interface LinesFileError {
  readonly line: number;
  readonly message: string;
}

const MOVE = /^(\d+) (\d+)$/;

/**
 * One frozen cell per square of the largest board, shared by every move of every stored line
 * that names it: a lines file at the size cap holds millions of moves, which as objects of
 * their own (some 40 bytes each) would cost over a gigabyte; shared, 8 bytes each.
 */
const CELLS: readonly Cell[] = Array.from({ length: LIMITS.width[1] * LIMITS.height[1] }, (_, i) =>
  Object.freeze({ x: i % LIMITS.width[1], y: Math.floor(i / LIMITS.width[1]) }),
);

/** The shared cell at (x, y), or a cell of its own past the largest board (the engine refuses it later). */
const cellAt = (x: number, y: number): Cell =>
  x < LIMITS.width[1] && y < LIMITS.height[1] ? CELLS[y * LIMITS.width[1] + x] : { x, y };

/** The most moves a game can have: each removes two cells or more of the largest board. */
const MAX_MOVES = (LIMITS.width[1] * LIMITS.height[1]) / 2;

/** How every stored line starts (`formatStoredLine`). */
const LINE_START = '{"board":"';

/** The longest line a stored line can be: its moves (at most `63 63;` each) and room for the rest. */
const MAX_LINE_CHARS = MAX_MOVES * 6 + 1024;

/**
 * True when `text`, the last line of a file with no newline after it, is what a write cut off
 * leaves: the start of a stored line. Anything else (another file given as a lines file) is not
 * to be dropped.
 */
function isCutOffLine(text: string): boolean {
  if (text.length > MAX_LINE_CHARS) return false;
  return text.startsWith(LINE_START) || LINE_START.startsWith(text);
}

/** One stored line from the text of one line of the file. */
function parseStoredLine(text: string, line: number): Result<StoredLine, LinesFileError> {
  const parsed = parseJson(text);
  const json = parsed.ok ? parsed.value : undefined;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return err({ line, message: 'not a JSON object' });
  const o = json as Record<string, unknown>;
  if (typeof o.board !== 'string' || !/^[0-9a-f]{16}$/.test(o.board))
    return err({ line, message: 'board: expected a board key of 16 hexadecimal digits' });
  if (typeof o.score !== 'number' || !Number.isInteger(o.score) || o.score < 0)
    return err({ line, message: 'score: expected a whole number of at least 0' });
  if (typeof o.line !== 'string') return err({ line, message: 'line: expected moves as "x y;x y;..."' });
  const moves: Cell[] = [];
  const pieces = o.line === '' ? [] : o.line.split(';', MAX_MOVES + 1);
  if (pieces.length > MAX_MOVES) return err({ line, message: `line: more than ${MAX_MOVES} moves` });
  for (const move of pieces) {
    const m = MOVE.exec(move);
    if (m === null) return err({ line, message: `line: "${move}" is not a move "x y"` });
    moves.push(cellAt(Number(m[1]), Number(m[2])));
  }
  if (typeof o.when !== 'string') return err({ line, message: 'when: expected a date' });
  if (typeof o.budget !== 'string') return err({ line, message: 'budget: expected text' });
  return ok({ board: o.board, score: o.score, moves, when: o.when, budget: o.budget });
}

/** The best stored line of each board in the file's text (the first of equal scores). */
export function parseLinesFile(text: string): Result<Map<string, StoredLine>, LinesFileError> {
  const best = new Map<string, StoredLine>();
  // Line by line through the text, not split whole: a huge file costs no array of its lines.
  for (let start = 0, i = 0; start <= text.length; i++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const from = start;
    start = end + 1;
    if (isBlank(text, from, end)) continue;
    const parsed = parseStoredLine(text.slice(from, end), i + 1);
    if (!parsed.ok) {
      // The last line without a newline after it may be a write that was cut off.
      if (newline < 0 && isCutOffLine(text.slice(from, end))) break;
      return parsed;
    }
    const known = best.get(parsed.value.board);
    if (known === undefined || parsed.value.score > known.score) best.set(parsed.value.board, parsed.value);
  }
  return ok(best);
}

/** The best stored line of each board in `file` (none when the file does not exist yet). */
export function readLinesFile(file: string): Result<Map<string, StoredLine>, FileError & { readonly line?: number }> {
  if (!existsSync(file)) return ok(new Map());
  const text = readTextFile(file);
  if (!text.ok) return text;
  const parsed = parseLinesFile(text.value);
  return parsed.ok ? parsed : err({ file, ...parsed.error });
}

/** The file line for `stored` (JSON and a newline). */
export function formatStoredLine(stored: StoredLine): string {
  const { board, score, when, budget } = stored;
  const line = stored.moves.map((m) => `${m.x} ${m.y}`).join(';');
  return `${JSON.stringify({ board, score, line, when, budget })}\n`;
}

/**
 * Appends `stored` to `file` in one write. After a cut-off last line (a run killed mid-write) the
 * file is written anew without it, to a temporary file renamed over it, so no finished line is
 * ever lost and the cut-off one does not end up in the middle. Any other last line without a
 * newline (a finished line whose newline an editor dropped) is kept, and the new line goes after it.
 */
export function appendStoredLine(file: string, stored: StoredLine): Result<void, FileError> {
  const before = existsSync(file) ? readTextFile(file) : ok('');
  if (!before.ok) return before;
  const text = before.value;
  if (text === '' || text.endsWith('\n')) return appendTextFile(file, formatStoredLine(stored));
  const finished = text.lastIndexOf('\n') + 1;
  const last = text.slice(finished);
  if (isBlank(last, 0, last.length) || !isCutOffLine(last) || parseStoredLine(last, 1).ok)
    return appendTextFile(file, `\n${formatStoredLine(stored)}`);
  return writeFileAtomic(file, text.slice(0, finished) + formatStoredLine(stored));
}
