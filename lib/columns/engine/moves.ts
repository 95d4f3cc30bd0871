/**
 * The statement's output form, a list of placements (`t`, then t lines `p s`), parsed with typed
 * errors that name the line: what a bot prints and the referee reads.
 */
import { type ArgumentError, isPlainObject, refuse } from '../../core/argument-error.js';
import { err, ok, type Result } from '../../core/result.js';
import { lastContentLine, readWholeNumber, type TextError, tokenize, unexpectedToken } from '../../core/tokens.js';
import { checkPieceList, checkPlacements, checkWidth } from './checks.js';
import type { Instance, Placement } from './instance.js';

/**
 * Parses a bot's output (`t`, then t lines `p s`) for `instance`: positions within its width, at
 * most one placement per column. An output refused here is invalid and scores 0. Refused as an
 * {@link ArgumentError} instead: a `text` that is not a string (`invalid-option`), and an
 * `instance` whose width or list of pieces the engine does not take (`invalid-instance`).
 *
 * @example
 * ```ts
 * import { parseInstance, parseMoves } from 'tilefall/columns';
 *
 * const instance = parseInstance('6 13\n2\naab\n***\n');
 * if (!instance.ok) throw new Error(instance.error.message);
 * // t, then t lines "position shifts"; columns left out take the default placement.
 * const placements = parseMoves('2\n1 0\n6 2\n', instance.value);
 * if (placements.ok) console.log(placements.value); // [{ position: 1, shifts: 0 }, { position: 6, shifts: 2 }]
 * ```
 */
export function parseMoves(
  text: string,
  instance: Pick<Instance, 'width' | 'pieces'>,
): Result<Placement[], TextError | ArgumentError<'invalid-option' | 'invalid-instance'>> {
  if (typeof text !== 'string') return refuse('invalid-option', 'text', 'a string', text);
  const shape: unknown = instance;
  if (!isPlainObject(shape)) return refuse('invalid-instance', 'instance', 'an instance { width, pieces }', shape);
  const width = checkWidth(shape.width, 'instance.width');
  if (!width.ok) return width;
  const pieces = checkPieceList(shape.pieces, 'instance.pieces');
  if (!pieces.ok) return pieces;
  return readMoves(text, width.value, pieces.value.length);
}

/** {@link parseMoves} for a field `width` wide and `columns` columns, both known to be good. */
export function readMoves(text: string, width: number, columns: number): Result<Placement[], TextError> {
  // t, two numbers a placement, and one more to find a token too many.
  const tokens = tokenize(text, 1 + 2 * columns + 1);
  const endLine = lastContentLine(text);
  const count = readWholeNumber(tokens, 0, 't', { min: 0, max: columns, endLine }, 'the output');
  if (!count.ok) return count;
  const placements: Placement[] = [];
  for (let i = 0; i < count.value; i++) {
    const name = `placement ${i + 1}`;
    const position = readWholeNumber(tokens, 1 + 2 * i, `p of ${name}`, { min: 1, max: width, endLine }, 'the output');
    if (!position.ok) return position;
    const shifts = readWholeNumber(tokens, 2 + 2 * i, `s of ${name}`, { min: 0, max: 2, endLine }, 'the output');
    if (!shifts.ok) return shifts;
    placements.push({ position: position.value, shifts: shifts.value });
  }
  const extra = tokens[1 + 2 * count.value];
  if (extra !== undefined)
    return err(unexpectedToken(extra, `${count.value} placement${count.value === 1 ? '' : 's'}`));
  return ok(placements);
}

/**
 * The statement's output form of a list of placements: `t`, then one `p s` line each. Any whole
 * numbers are printed (the referee judges their ranges); `''` for a value that is not an array
 * of at most 1,000,000 placements of whole numbers.
 *
 * @example
 * ```ts
 * import { formatMoves, generate, solve } from 'tilefall/columns';
 *
 * const instances = generate({ seed: 1, columns: 100 });
 * if (!instances.ok) throw new Error(instances.error.message);
 * const solution = solve(instances.value[0], { budget: { nodes: 10_000 } });
 * if (solution.ok) process.stdout.write(formatMoves(solution.value.moves)); // what the referee reads
 * ```
 */
export function formatMoves(placements: readonly Placement[]): string {
  const checked = checkPlacements(placements);
  if (!checked.ok) return '';
  return `${checked.value.length}\n${checked.value.map((p) => `${p.position} ${p.shifts}\n`).join('')}`;
}
