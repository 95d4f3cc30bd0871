/**
 * The corners of the SameGame rules a game reaches: what a simulator most often gets wrong. The
 * conformance specs use them to show that the default games reach every corner, and `vectors`
 * names them in its index so a user sees which file tests what.
 */
import { ok, type Result } from '../core/result.js';
import { type Board, type Cell, cellColor, EMPTY } from '../samegame/engine/board.js';
import type { READINGS } from '../samegame/engine/readings.js';
import { firstCell, play, regionOf } from '../samegame/engine/rules.js';
import type { ShapeRanges } from './bounds.js';
import type { ReadingCoverage } from './reading-coverage.js';
import { checkSamegameGame } from './samegame-game-check.js';
import type { SamegameGame } from './samegame-games.js';
import type { SamegameArgumentError } from './samegame-protocol.js';

/** The SameGame corners, each with what it means. */
export const SAMEGAME_CORNERS = {
  'one-column': 'a board one column wide',
  'one-row': 'a board one row high',
  'column-emptied': 'a move empties a column and the columns right of it move left',
  'columns-emptied-side-by-side': 'a move empties two or more columns side by side',
  'columns-emptied-apart': 'a move empties two columns with a filled one between them',
  'first-column-emptied': 'a move empties the leftmost column',
  'last-column-emptied': 'a move empties the rightmost filled column (nothing moves left)',
  'region-around-a-hole': 'a region that touches itself around a cell of another color',
  'board-cleared': 'a move empties the board: the 1,000 bonus',
  'two-cell-region': 'a region of two cells: 0 points',
  'move-not-on-first-cell': "a move given on a cell other than its region's first",
  'standard-board': "CodinGame's 15 x 15 board with 5 colors",
  'long-game': 'a game of 40 moves or more',
  'many-colors': 'a board of 8 colors or more',
} as const;

/** The name of a SameGame corner. */
export type SamegameCorner = keyof typeof SAMEGAME_CORNERS;

/**
 * The corners `game` reaches, in {@link SAMEGAME_CORNERS} order. A value that is not a game (a
 * settled board within the limits, legal moves) is refused, naming the field.
 */
export function samegameCorners(game: SamegameGame): Result<SamegameCorner[], SamegameArgumentError> {
  const checked = checkSamegameGame(game);
  return checked.ok ? ok(cornersOfGame(checked.value)) : checked;
}

/** The corners a checked or drawn game reaches. */
export function cornersOfGame(game: SamegameGame): SamegameCorner[] {
  const found = new Set<SamegameCorner>(boardCorners(game));
  let board = game.board;
  for (const move of game.moves) {
    for (const corner of moveCorners(board, move)) found.add(corner);
    const outcome = play(board, move);
    if (!outcome.ok) break;
    board = outcome.value.board;
  }
  return (Object.keys(SAMEGAME_CORNERS) as SamegameCorner[]).filter((corner) => found.has(corner));
}

/**
 * The corners no game within `ranges` can reach, in {@link SAMEGAME_CORNERS} order: those whose
 * board the sizes or colors rule out (a one-row board when every board is 15 high). Only what the
 * bounds rule out for certain: a corner left out here may still be missed by the games drawn.
 */
export function samegameUnreachableCorners({ width, height, colors }: ShapeRanges): SamegameCorner[] {
  const [maxWidth, maxHeight, maxColors] = [width[1], height[1], colors[1]];
  // A move takes a region of two cells or more; a column emptied beside a filled one needs two colors.
  const moves = maxWidth * maxHeight >= 2;
  const columnLeft = maxWidth >= 2 && maxColors >= 2;
  const ruledOut: Record<SamegameCorner, boolean> = {
    'one-column': width[0] > 1,
    'one-row': height[0] > 1,
    'column-emptied': !columnLeft,
    'columns-emptied-side-by-side': maxWidth < 2,
    'columns-emptied-apart': maxWidth < 3 || maxColors < 2,
    'first-column-emptied': !columnLeft,
    'last-column-emptied': !columnLeft,
    'region-around-a-hole': maxWidth < 3 || maxHeight < 3 || maxColors < 2,
    'board-cleared': !moves,
    'two-cell-region': !moves,
    'move-not-on-first-cell': !moves,
    'standard-board': !within(width, 15) || !within(height, 15) || !within(colors, 5),
    // Forty moves of two cells or more each, and a second color (one color is cleared in one move).
    'long-game': maxWidth * maxHeight < 80 || maxColors < 2,
    'many-colors': maxColors < 8,
  };
  return (Object.keys(SAMEGAME_CORNERS) as SamegameCorner[]).filter((corner) => ruledOut[corner]);
}

const within = ([min, max]: readonly [number, number], value: number): boolean => value >= min && value <= max;

/** The corners of the starting board and the game's length. */
function boardCorners(game: SamegameGame): SamegameCorner[] {
  const { width, height, colors } = game.board;
  const corners: SamegameCorner[] = [];
  if (width === 1) corners.push('one-column');
  if (height === 1) corners.push('one-row');
  if (width === 15 && height === 15 && colors === 5) corners.push('standard-board');
  if (game.moves.length >= 40) corners.push('long-game');
  if (colors >= 8) corners.push('many-colors');
  return corners;
}

/** The corners one move reaches on `board`. */
function moveCorners(board: Board, move: Cell): SamegameCorner[] {
  const region = regionOf(board, move.x, move.y);
  const corners: SamegameCorner[] = [];
  if (region.length === 2) corners.push('two-cell-region');
  const first = firstCell(region);
  if (first.x !== move.x || first.y !== move.y) corners.push('move-not-on-first-cell');
  if (enclosesAHole(region)) corners.push('region-around-a-hole');
  const emptied = emptiedColumns(board, region);
  const filledColumns = countFilledColumns(board);
  if (emptied.length === filledColumns) corners.push('board-cleared');
  if (emptied.length > 0 && emptied.length < filledColumns) corners.push('column-emptied');
  if (emptied.some((x, i) => i > 0 && emptied[i - 1] === x - 1)) corners.push('columns-emptied-side-by-side');
  if (emptied.some((x, i) => i > 0 && emptied[i - 1] < x - 1)) corners.push('columns-emptied-apart');
  if (emptied.includes(0) && emptied.length < filledColumns) corners.push('first-column-emptied');
  if (emptied.includes(filledColumns - 1) && emptied.length < filledColumns) corners.push('last-column-emptied');
  return corners;
}

/** The filled columns (they are the leftmost ones of a settled board). */
function countFilledColumns(board: Board): number {
  let n = 0;
  while (n < board.width && cellColor(board, n, 0) !== EMPTY) n++;
  return n;
}

/** The columns the region empties, ascending: those whose every filled cell is in it. */
function emptiedColumns(board: Board, region: readonly Cell[]): number[] {
  const taken = new Map<number, number>();
  for (const cell of region) taken.set(cell.x, (taken.get(cell.x) ?? 0) + 1);
  const emptied: number[] = [];
  for (const [x, n] of taken) {
    let filled = 0;
    while (filled < board.height && cellColor(board, x, filled) !== EMPTY) filled++;
    if (n === filled) emptied.push(x);
  }
  return emptied.sort((a, b) => a - b);
}

/**
 * Whether the region surrounds a cell not in it: a flood from outside the region's bounding box,
 * through cells not in the region, that misses some cell inside the box.
 */
function enclosesAHole(region: readonly Cell[]): boolean {
  const xs = region.map((c) => c.x);
  const ys = region.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const w = x1 - x0 + 1;
  const inRegion = new Set(region.map((c) => (c.y - y0) * w + (c.x - x0)));
  const reached = new Set<number>([0]);
  const stack = [0];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const [x, y] = [at % w, Math.floor(at / w)];
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ]) {
      const key = ny * w + nx;
      if (nx < 0 || ny < 0 || nx >= w || ny > y1 - y0 || reached.has(key) || inRegion.has(key)) continue;
      reached.add(key);
      stack.push(key);
    }
  }
  return reached.size + inRegion.size < w * (y1 - y0 + 1);
}

/**
 * Where each reading of an open rule (`READINGS` of the SameGame engine) shows in a game: the
 * corners that exercise it, every game, or outside this protocol (a reading of how the referee
 * reads a bot's output, which `tilefall samegame verify` checks).
 */
export const SAMEGAME_READING_CORNERS: Readonly<Record<keyof typeof READINGS, ReadingCoverage<SamegameCorner>>> = {
  actionLimit: { outside: "how many actions the referee reads: a bot's output, checked by verify" },
  illegalMoveIsWarning: { outside: 'every move sent to an engine is legal' },
  emptyOneTurnActionIsFormatError: { outside: "how the referee reads a bot's output: checked by verify" },
  coordinatePattern: { outside: "how the referee reads a bot's output: checked by verify" },
  terminalCheckedBeforeEachAction: { outside: 'a game sent to an engine has no move after its end' },
  actionLimitNeedsMoreActions: { outside: "how many actions the referee reads: a bot's output, checked by verify" },
  oneTurnReadsFirstLineOnly: { outside: "how the referee reads a bot's output: checked by verify" },
  clearMeansBottomLeftEmpty: { corners: ['board-cleared'] },
  boardsMustBeSettled: { every: 'every board sent is settled, and so is every board after a move' },
};
