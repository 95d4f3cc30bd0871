/**
 * The Columns playfield as plain immutable data: one stack of jewels per column, bottom to top.
 * Stacks never have holes (every clear is followed by settling), so a stack is all a column is.
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';

/** A jewel color: 0..25 for the letters a..z. */
export type Jewel = number;

/** How many jewel colors there can be (the letters a..z): the size of per-color tables. */
export const JEWEL_COLORS = 26;

/** The widest and the tallest field the engine takes (`LIMITS` reads them). */
export const MAX_FIELD: { readonly width: number; readonly height: number } = { width: 64, height: 256 };

/** The jewels a field or a piece may hold, as a range: the letters a..z. */
export const JEWEL_RANGE: readonly [number, number] = [0, JEWEL_COLORS - 1];

/** Every color a field can hold, a..z: the default where a search is not told an instance's colors. */
export const ALL_JEWELS: readonly Jewel[] = Array.from({ length: JEWEL_COLORS }, (_, c) => c);

/** A playfield: its size and one stack of jewels per column. */
export interface Field {
  readonly width: number;
  readonly height: number;
  /** One stack per column, left to right, jewels bottom to top. */
  readonly stacks: readonly (readonly Jewel[])[];
}

/** An empty field of `width` columns and `height` rows. */
export function emptyField(width: number, height: number): Field {
  return { width, height, stacks: Array.from({ length: width }, () => []) };
}

/** The jewel's letter. */
export const jewelLetter = (jewel: Jewel): string => String.fromCharCode(97 + jewel);

/**
 * `value` as a field `width` x `height`: one array per column of at most `height` jewels 0..25,
 * or a refusal naming the first thing wrong (`position.field.stacks[2][5]`). Whether the rules
 * could have reached it (no match left unresolved) is not checked: the rules play any such field.
 */
export function checkField(
  value: unknown,
  field: string,
  width: number,
  height: number,
): Result<Field, ArgumentError<'invalid-instance'>> {
  if (!isPlainObject(value)) return refuse('invalid-instance', field, 'a field { width, height, stacks }', value);
  if (value.width !== width) return refuse('invalid-instance', `${field}.width`, `${width}`, value.width);
  if (value.height !== height) return refuse('invalid-instance', `${field}.height`, `${height}`, value.height);
  const stacks: unknown = value.stacks;
  if (!Array.isArray(stacks) || stacks.length !== width)
    return refuse('invalid-instance', `${field}.stacks`, `an array of ${width} stacks`, stacks);
  // A copy, each stack and jewel read once: a getter of the caller's is not read again.
  const copy: number[][] = [];
  for (let x = 0; x < width; x++) {
    const stack: unknown = stacks[x];
    const name = `${field}.stacks[${x}]`;
    if (!Array.isArray(stack) || stack.length > height)
      return refuse('invalid-instance', name, `an array of at most ${height} jewels`, stack);
    const jewels: number[] = [];
    for (let y = 0; y < stack.length; y++) {
      const jewel = checkWholeNumber('invalid-instance', `${name}[${y}]`, stack[y], JEWEL_RANGE);
      if (!jewel.ok) return jewel;
      jewels.push(jewel.value);
    }
    copy.push(jewels);
  }
  return ok({ width, height, stacks: copy });
}

/**
 * The field as the verify contract prints it: one string per column, jewels bottom to top. A
 * value that is not a field the engine takes (see `checkField`; at most
 * `MAX_FIELD` in size) gives no rows (`[]`) rather than an error.
 */
export function formatField(field: Field): string[] {
  const shape: unknown = field;
  if (!isPlainObject(shape)) return [];
  // Each field read once: a getter of the caller's answers the same to the size and to the check.
  const { width: w, height: h, stacks } = shape;
  const width = checkWholeNumber('invalid-instance', 'field.width', w, [1, MAX_FIELD.width]);
  const height = checkWholeNumber('invalid-instance', 'field.height', h, [1, MAX_FIELD.height]);
  if (!width.ok || !height.ok) return [];
  const checked = checkField({ width: w, height: h, stacks }, 'field', width.value, height.value);
  if (!checked.ok) return [];
  return checked.value.stacks.map((stack) => stack.map(jewelLetter).join(''));
}

/** Jewels on the field. */
export function jewelCount(field: Field): number {
  return field.stacks.reduce((n, s) => n + s.length, 0);
}
