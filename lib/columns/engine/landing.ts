/**
 * Playing one column, as pure functions on immutable fields: shift, drop, the game-over check,
 * the magic clear, and the matching loop with its combo multiplier (`docs/rules/columns.md`;
 * every open point is a named entry of {@link READINGS}).
 */
import { EMPTY } from '../../core/cells.js';
import type { Field, Jewel } from './field.js';
import type { Piece, Placement } from './instance.js';
import { READINGS, sticksOut } from './readings.js';

/** One pass of the matching loop. */
export interface MatchStep {
  readonly combo: number;
  readonly matches: number;
  readonly cleared: number;
  readonly points: number;
  /** The field as the matches were found, before they cleared. */
  readonly field: Field;
  /** The jewels in at least one match, per column, bottom to top (they clear together). */
  readonly marked: readonly (readonly boolean[])[];
}

/** What playing one column did. */
export interface ColumnOutcome {
  readonly field: Field;
  /** All points of this column: magic plus every matching step. */
  readonly points: number;
  /** The column would stick out of the field: the game ends and this column scores nothing. */
  readonly gameOver: boolean;
  /** Jewels the magic column cleared (0 for a regular column or magic on the floor). */
  readonly magicCleared: number;
  /** The color a magic column cleared (the jewel it landed on), or null. */
  readonly magicColor: Jewel | null;
  /**
   * The field once the column has landed, before any match: with its three jewels on top, or
   * for a magic column after its color cleared and the field settled.
   */
  readonly landed: Field;
  readonly steps: readonly MatchStep[];
}

/** Applies `shifts` cyclic shifts: each moves the bottom jewel to the top (abc -> bca -> cab). */
export function shiftJewels(jewels: readonly [Jewel, Jewel, Jewel], shifts: number): [Jewel, Jewel, Jewel] {
  const s = ((shifts % 3) + 3) % 3;
  return [jewels[s % 3], jewels[(s + 1) % 3], jewels[(s + 2) % 3]];
}

/** The jewel at (x, y), or {@link EMPTY} when empty or off the field. */
export function jewelAt(field: Field, x: number, y: number): number {
  if (x < 0 || x >= field.width || y < 0) return EMPTY;
  // Checked against the stack's length rather than read past its end (a slow path in V8).
  const stack = field.stacks[x];
  return y < stack.length ? stack[y] : EMPTY;
}

/**
 * The matches on the field: windows of {@link READINGS.matchLength} equal jewels in a line, in
 * each of the four directions, each window counted once; and which cells they cover.
 */
export function findMatches(field: Field): { matches: number; cells: boolean[][] } {
  const cells = field.stacks.map((s) => s.map(() => false));
  let matches = 0;
  const length = READINGS.matchLength;
  const directions = READINGS.directions;
  for (let x = 0; x < field.width; x++) {
    const stack = field.stacks[x];
    for (let y = 0; y < stack.length; y++) {
      const jewel = stack[y];
      for (let d = 0; d < directions.length; d++) {
        const [dx, dy] = directions[d];
        let k = 1;
        while (k < length && jewelAt(field, x + k * dx, y + k * dy) === jewel) k++;
        if (k < length) continue;
        matches++;
        for (let j = 0; j < length; j++) cells[x + j * dx][y + j * dy] = true;
      }
    }
  }
  return { matches, cells };
}

/** Removes the marked jewels; the jewels above fall (a stack is simply filtered). */
function clearAndSettle(field: Field, marked: readonly (readonly boolean[])[]): Field {
  // A stack with nothing marked is shared with the field before (fields are never changed).
  return {
    ...field,
    stacks: field.stacks.map((stack, x) => (marked[x].includes(true) ? stack.filter((_, y) => !marked[x][y]) : stack)),
  };
}

/** How many cells are marked. */
function countMarked(marked: readonly (readonly boolean[])[]): number {
  let n = 0;
  for (const column of marked) for (const cell of column) if (cell) n++;
  return n;
}

/** The matching loop: while matches exist, score 47 x combo x matches, clear, settle, combo + 1. */
export function resolveMatches(field: Field): { field: Field; steps: MatchStep[] } {
  READINGS.comboStartsAtOnePerColumn satisfies true; // every call is one column's loop
  const steps: MatchStep[] = [];
  let current = field;
  for (let combo = 1; ; combo++) {
    const { matches, cells } = findMatches(current);
    if (matches === 0) break;
    const cleared = countMarked(cells);
    const points = READINGS.pointsPerMatch * combo * matches;
    steps.push({ combo, matches, cleared, points, field: current, marked: cells });
    current = clearAndSettle(current, cells);
  }
  return { field: current, steps };
}

/** Plays one column at `placement` (1-based position). The input field is never changed. */
export function playColumn(field: Field, piece: Piece, placement: Placement): ColumnOutcome {
  const x = placement.position - 1;
  const stack = field.stacks[x];
  if (sticksOut(stack.length, field.height, piece.magic)) {
    return { field, points: 0, gameOver: true, magicCleared: 0, magicColor: null, landed: field, steps: [] };
  }
  let landed: Field;
  let magicCleared = 0;
  let magicColor: Jewel | null = null;
  if (piece.magic) {
    if (stack.length > 0) {
      // Every jewel of the color it landed on, over the whole field.
      const color = stack[stack.length - 1];
      magicColor = color;
      const marked = field.stacks.map((s) => s.map((j) => j === color));
      magicCleared = countMarked(marked);
      landed = clearAndSettle(field, marked);
    } else {
      READINGS.magicOnFloorClears satisfies false; // on the floor it has no color to clear
      landed = field;
    }
  } else {
    const jewels = shiftJewels(piece.jewels, placement.shifts);
    landed = { ...field, stacks: field.stacks.map((s, i) => (i === x ? [...s, ...jewels] : s)) };
  }
  const resolved = resolveMatches(landed);
  const points = READINGS.pointsPerMagicJewel * magicCleared + resolved.steps.reduce((n, s) => n + s.points, 0);
  return { field: resolved.field, points, gameOver: false, magicCleared, magicColor, landed, steps: resolved.steps };
}
