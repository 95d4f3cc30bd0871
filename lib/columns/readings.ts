/**
 * Every reading of a point the Columns statement leaves open, in one place, so each can be
 * changed if the official behaviour turns out different (`docs/rules/columns.md` explains each).
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
  /** The game-over check comes first: a column sticking out ends the game and scores nothing. */
  gameOverBeforeMagic: true,
  /** A magic column landing on the floor clears nothing and scores 0 (it still vanishes). */
  magicOnFloorClears: false,
  /** Columns after the output's t-th are played at this placement (1-based position, shifts). */
  defaultPlacement: { position: 1, shifts: 0 },
  /** The combo multiplier starts at 1 for every column, also after a magic clear. */
  comboStartsAtOnePerColumn: true,
} as const;
