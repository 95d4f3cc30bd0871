/**
 * Every reading of a point the SameGame statements leave open, in one place, so each can be
 * changed if the official referee turns out to behave differently. `docs/rules/samegame.md`
 * explains each entry and why it was chosen; the referee, the action reader and the text form
 * read them from here.
 */
export const READINGS = {
  /**
   * Actions each protocol reads at most. Multi-turn: the referee ends the game at turn 115, so
   * the 115th action is never read. One-turn: the statement counts the first 150.
   */
  actionLimit: { 'multi-turn': 114, 'one-turn': 150 },
  /**
   * A move on an empty cell or a single cell ends a multi-turn game with an error; the one-turn
   * statement calls it a warning: the board does not change and the next action is played.
   */
  illegalMoveIsWarning: { 'multi-turn': false, 'one-turn': true },
  /**
   * The one-turn referee has no check for an empty action: an empty piece between two `;` (or an
   * empty output line) finds no `x` and is a format error.
   */
  emptyOneTurnActionIsFormatError: true,
  /**
   * Coordinates are read as Java's `Integer.parseInt` reads them (the referee is Java): an
   * optional sign and decimal digits within 32 bits. `+3` and `007` are 3 and 7, `1.5` is a
   * format error, `-1` parses and is then out of bounds.
   */
  coordinatePattern: /^[+-]?\d+$/ as RegExp,
  /** The referee checks for the end before it asks for each action: actions after it are ignored. */
  terminalCheckedBeforeEachAction: true,
  /**
   * `action-limit` is the ending only when actions beyond the limit were given and the game had
   * not ended: exactly 150 one-turn actions that leave moves on the board end `exhausted`.
   */
  actionLimitNeedsMoreActions: true,
  /** A one-turn output is its first line; a trailing `;` adds no action. */
  oneTurnReadsFirstLineOnly: true,
  /** The clear bonus is earned when cell (0, 0) is empty after a move, in the statement's words. */
  clearMeansBottomLeftEmpty: true,
  /**
   * Boards given to the engine must be settled (no floating cell, no empty column left of a filled
   * one), as every board the referee sends is; an unsettled board is refused, not settled.
   */
  boardsMustBeSettled: true,
} as const;
