/**
 * A bot's output: `t`, then t lines `p s` (1 <= p <= w, 0 <= s <= 2). Anything else makes the
 * whole output invalid, which scores 0.
 */
import { err, ok, type Result } from '../core/result.js';
import { lastContentLine, readWholeNumber, type TokenError, tokenize } from './tokens.js';

/** Where a column goes: 1-based position and the number of cyclic shifts. */
export interface Placement {
  readonly position: number;
  readonly shifts: number;
}

/** Why an output is invalid: the line and what is wrong. */
export type OutputError = TokenError;

/** Parses an output for a field `width` wide and `columns` columns long. */
export function parseOutput(text: string, width: number, columns: number): Result<Placement[], OutputError> {
  const tokens = tokenize(text);
  const lastLine = lastContentLine(text);
  const read = (index: number, name: string, min: number, max: number) =>
    readWholeNumber(tokens, index, name, min, max, lastLine, 'the output');
  const count = read(0, 't', 0, columns);
  if (!count.ok) return count;
  const placements: Placement[] = [];
  for (let i = 0; i < count.value; i++) {
    const position = read(1 + 2 * i, `p of placement ${i + 1}`, 1, width);
    if (!position.ok) return position;
    const shifts = read(2 + 2 * i, `s of placement ${i + 1}`, 0, 2);
    if (!shifts.ok) return shifts;
    placements.push({ position: position.value, shifts: shifts.value });
  }
  const extra = tokens[1 + 2 * count.value];
  if (extra !== undefined)
    return err({
      line: extra.line,
      message: `unexpected "${extra.token.slice(0, 12)}" after ${count.value} placements`,
    });
  return ok(placements);
}

/** The output form of a list of placements. */
export function formatOutput(placements: readonly Placement[]): string {
  return `${placements.length}\n${placements.map((p) => `${p.position} ${p.shifts}\n`).join('')}`;
}
