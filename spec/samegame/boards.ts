// Boards the SameGame specs build from known-good values: a refusal here is the spec's own
// mistake, so it fails the spec at once rather than being handled.
import { type Board, boardFromRows } from '../../lib/samegame/engine/board.js';
import { type GenerateOptions, generate } from '../../lib/samegame/engine/generate.js';

/** The board of `rows` (top row first), which must be a valid one. */
export function rowsBoard(rows: readonly (readonly number[])[], colors?: number): Board {
  const board = boardFromRows(rows, colors);
  if (!board.ok) throw new Error(`rowsBoard: ${board.error.message}`);
  return board.value;
}

/** The boards `generate` draws for `options`, which must be valid ones. */
export function generated(options: GenerateOptions): Board[] {
  const boards = generate(options);
  if (!boards.ok) throw new Error(`generated: ${boards.error.message}`);
  return boards.value;
}
