/**
 * Every reading of a point the Columns statement leaves open (or states in a way worth naming),
 * in one place, so each can be changed if the official behavior turns out different:
 * `docs/rules/columns.md` explains each. The immutable rules (`rules.ts`) and the search kernel
 * (`kernel.ts`) both read them from here. The two marked "fixed" have no other branch in the
 * code: their type is a literal, and the places that depend on them assert it, so changing one
 * fails to compile until the code follows.
 */
export const READINGS = {
  /** Points per match, times the combo multiplier. */
  pointsPerMatch: 47,
  /** Points per jewel a magic column clears (no combo factor; the magic jewels do not count). */
  pointsPerMagicJewel: 47,
  /** A match is a window of exactly this many equal jewels in a line: a run of L holds L - 2. */
  matchLength: 3,
  /** The four line directions a match can lie in: horizontal, vertical, diagonal /, diagonal \. */
  directions: [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as readonly (readonly [number, number])[],
  /**
   * The game-over check comes first and holds for magic columns too ("disregarding whether the
   * column is regular or magic"): a column whose top would stick out ends the game and scores
   * nothing. False would let a magic column land anywhere, since it vanishes.
   */
  magicCanEndTheGame: true,
  /** Fixed: a magic column landing on the floor clears nothing and scores 0 (it still vanishes). */
  magicOnFloorClears: false,
  /** Columns after the output's t-th are played at this placement (1-based position, shifts). */
  defaultPlacement: { position: 1, shifts: 0 },
  /** Fixed: the combo multiplier starts at 1 for every column, also right after a magic clear. */
  comboStartsAtOnePerColumn: true,
} as const;

/** Whether a column landing on a stack of `stackHeight` in a field `height` tall ends the game. */
export function sticksOut(stackHeight: number, height: number, magic: boolean): boolean {
  return stackHeight + 3 > height && (READINGS.magicCanEndTheGame || !magic);
}
