/** The value of an empty cell in both games' grids, as in the SameGame puzzle's input. */
export const EMPTY = -1;
