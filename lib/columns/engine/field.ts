/**
 * The Columns playfield as plain immutable data: one stack of jewels per column, bottom to top.
 * Stacks never have holes (every clear is followed by settling), so a stack is all a column is.
 */

/** A jewel color: 0..25 for the letters a..z. */
export type Jewel = number;

/** How many jewel colors there can be (the letters a..z): the size of per-color tables. */
export const JEWEL_COLORS = 26;

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

/** The field as the verify contract prints it: one string per column, jewels bottom to top. */
export function formatField(field: Field): string[] {
  return field.stacks.map((stack) => stack.map(jewelLetter).join(''));
}

/** Jewels on the field. */
export function jewelCount(field: Field): number {
  return field.stacks.reduce((n, s) => n + s.length, 0);
}
