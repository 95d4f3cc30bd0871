/**
 * `--boards`: which boards of a dataset a command takes. A number N is the first N boards; a range
 * A..B is boards A to B, numbered from 1 as the tables print them, so that a long run can be split
 * (`--boards 5..12`) and its rows still read as the dataset's board numbers. Either must fit the
 * dataset: boards it does not have are refused, naming its size, rather than quietly left out.
 */
import { err, ok, type Result } from '../core/result.js';
import { InputFailure } from './input-error.js';

/** Boards `from` (0-based) up to, not including, `to`. */
export interface BoardRange {
  readonly from: number;
  readonly to: number;
}

/** The boards `selection` names in a dataset of `count` boards; an error when it names more than there are. */
export function boardRange(
  selection: number | readonly [number, number] | undefined,
  count: number,
): Result<BoardRange, string> {
  if (selection === undefined) return ok({ from: 0, to: count });
  const has = `the dataset has ${count} board${count === 1 ? '' : 's'}`;
  if (typeof selection === 'number')
    return selection > count ? err(`${selection} boards: ${has}`) : ok({ from: 0, to: selection });
  const [first, last] = selection;
  if (last > count) return err(`boards ${first}..${last}: ${has}`);
  return ok({ from: first - 1, to: last });
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
