/**
 * `--boards`: which boards of a dataset a command takes. A number N is the first N boards (all of
 * them when the dataset has fewer); a range A..B is boards A to B, numbered from 1 as the tables
 * print them, so that a long run can be split (`--boards 5..12`) and its rows still read as the
 * dataset's board numbers.
 */
import { err, ok, type Result } from '../core/result.js';
import { InputFailure } from './input-error.js';

/** Boards `from` (0-based) up to, not including, `to`. */
export interface BoardRange {
  readonly from: number;
  readonly to: number;
}

/** The boards `selection` names in a dataset of `count` boards; an error when a range starts past its end. */
export function boardRange(
  selection: number | readonly [number, number] | undefined,
  count: number,
): Result<BoardRange, string> {
  if (selection === undefined) return ok({ from: 0, to: count });
  if (typeof selection === 'number') return ok({ from: 0, to: Math.min(selection, count) });
  const [first, last] = selection;
  if (first > count) return err(`boards ${first}..${last}: the dataset has ${count} board${count === 1 ? '' : 's'}`);
  return ok({ from: first - 1, to: Math.min(last, count) });
}

/**
 * The boards `selection` names among `all`, with the index of the first; a range past the end is
 * an input failure naming the option.
 */
export function selectBoards<T>(
  all: readonly T[],
  selection: number | readonly [number, number] | undefined,
): { readonly boards: T[]; readonly from: number; readonly to: number } {
  const range = boardRange(selection, all.length);
  if (!range.ok) throw new InputFailure({ message: `option --boards: ${range.error}` });
  const { from, to } = range.value;
  return { boards: all.slice(from, to), from, to };
}
