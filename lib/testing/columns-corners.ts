/**
 * The corners of the Columns rules a game reaches: what a simulator most often gets wrong. The
 * conformance specs use them to show that the default games reach every corner, and `vectors`
 * names them in its index so a user sees which file tests what.
 */
import { emptyField, type Field } from '../columns/engine/field.js';
import { type ColumnOutcome, jewelAt, playColumn } from '../columns/engine/landing.js';
import { READINGS } from '../columns/engine/readings.js';
import { ok, type Result } from '../core/result.js';
import type { ShapeRanges } from './bounds.js';
import { checkColumnsGame } from './columns-game-check.js';
import type { ColumnsGame } from './columns-games.js';
import type { ColumnsArgumentError } from './columns-protocol.js';
import type { ReadingCoverage } from './reading-coverage.js';

/** The Columns corners, each with what it means. */
export const COLUMNS_CORNERS = {
  'match-horizontal': 'three equal jewels in a row',
  'match-vertical': 'three equal jewels in a column',
  'match-diagonal-up': 'three equal jewels on a diagonal rising to the right',
  'match-diagonal-down': 'three equal jewels on a diagonal falling to the right',
  'jewel-in-several-matches': 'one jewel in matches of two directions or more at once (an L, a T, a cross)',
  'run-of-four': 'four equal jewels in a line: two matches',
  'run-of-five': 'five equal jewels in a line: three matches',
  chain: 'matches after the field settles: the multiplier grows to 2',
  'long-chain': 'a chain that reaches a multiplier of 3',
  'combo-restarts': 'a column with matches after an earlier one had matches: the multiplier starts again at 1',
  'magic-on-floor': 'a magic column on an empty column: it clears nothing',
  'magic-on-jewel': 'a magic column on a jewel: every jewel of its color goes',
  'magic-then-chain': 'matches after a magic clear',
  'fills-to-the-top': 'a column whose top jewel lands in the top row',
  'game-over': 'a column sticks out of the field: over',
  'over-by-one': 'a column sticks out by one row only',
  'magic-game-over': 'a magic column sticks out: over too',
  'letters-beyond-the-first': 'jewels of letters other than the first ones (not a, b, c)',
} as const;

/** The name of a Columns corner. */
export type ColumnsCorner = keyof typeof COLUMNS_CORNERS;

const DIRECTION_CORNERS: readonly ColumnsCorner[] = [
  'match-horizontal',
  'match-vertical',
  'match-diagonal-up',
  'match-diagonal-down',
];

/**
 * The corners `game` reaches, in {@link COLUMNS_CORNERS} order. A value that is not a game (an
 * instance within the limits, placements within its field) is refused, naming the field.
 */
export function columnsCorners(game: ColumnsGame): Result<ColumnsCorner[], ColumnsArgumentError> {
  const checked = checkColumnsGame(game);
  return checked.ok ? ok(cornersOfGame(checked.value)) : checked;
}

/** The corners a checked or drawn game reaches. */
export function cornersOfGame(game: ColumnsGame): ColumnsCorner[] {
  const found = new Set<ColumnsCorner>();
  const letters = new Set(game.instance.pieces.flatMap((p) => (p.magic ? [] : p.jewels)));
  if ([...letters].some((letter) => letter >= letters.size)) found.add('letters-beyond-the-first');
  let field: Field = emptyField(game.instance.width, game.instance.height);
  let matchedBefore = false;
  for (let i = 0; i < game.placements.length; i++) {
    const piece = game.instance.pieces[i];
    const { position } = game.placements[i];
    const stack = field.stacks[position - 1].length;
    const outcome = playColumn(field, piece, game.placements[i]);
    for (const corner of landingCorners(stack, field.height, piece.magic, outcome)) found.add(corner);
    if (outcome.gameOver) break;
    for (const corner of matchCorners(outcome, matchedBefore)) found.add(corner);
    matchedBefore ||= outcome.steps.length > 0;
    field = outcome.field;
  }
  return (Object.keys(COLUMNS_CORNERS) as ColumnsCorner[]).filter((corner) => found.has(corner));
}

/**
 * The corners no game within `ranges` can reach, in {@link COLUMNS_CORNERS} order: the matches a
 * field too narrow or too low for them rules out (no row of three on a field two wide). Only what
 * the bounds rule out for certain: a corner left out here may still be missed by the games drawn.
 */
export function columnsUnreachableCorners({ width, height }: ShapeRanges): ColumnsCorner[] {
  const length = READINGS.matchLength;
  const [maxWidth, maxHeight] = [width[1], height[1]];
  // Every direction but the vertical one needs a row of `length` columns.
  const across = maxWidth >= length;
  const runOf = (n: number) => maxWidth >= n || maxHeight >= n;
  const ruledOut: Partial<Record<ColumnsCorner, boolean>> = {
    'match-horizontal': !across,
    'match-diagonal-up': !across,
    'match-diagonal-down': !across,
    'jewel-in-several-matches': !across,
    'run-of-four': !runOf(length + 1),
    'run-of-five': !runOf(length + 2),
  };
  return (Object.keys(COLUMNS_CORNERS) as ColumnsCorner[]).filter((corner) => ruledOut[corner] === true);
}

/** The corners of where a column lands: the top row, over the top, magic on the floor or a jewel. */
function landingCorners(stack: number, height: number, magic: boolean, outcome: ColumnOutcome): ColumnsCorner[] {
  const corners: ColumnsCorner[] = [];
  if (outcome.gameOver) {
    corners.push('game-over');
    if (stack + 3 === height + 1) corners.push('over-by-one');
    if (magic) corners.push('magic-game-over');
    return corners;
  }
  if (stack + 3 === height) corners.push('fills-to-the-top');
  if (magic) corners.push(stack === 0 ? 'magic-on-floor' : 'magic-on-jewel');
  return corners;
}

/** The corners of a column's matching loop. */
function matchCorners(outcome: ColumnOutcome, matchedBefore: boolean): ColumnsCorner[] {
  const corners: ColumnsCorner[] = [];
  if (outcome.steps.length >= 2) corners.push('chain');
  if (outcome.steps.length >= 3) corners.push('long-chain');
  if (outcome.steps.length > 0 && matchedBefore) corners.push('combo-restarts');
  if (outcome.steps.length > 0 && outcome.magicCleared > 0) corners.push('magic-then-chain');
  for (const step of outcome.steps) corners.push(...windowCorners(step.field));
  return corners;
}

/** The corners of the matches on one field: their directions, runs longer than three, shared jewels. */
function windowCorners(field: Field): ColumnsCorner[] {
  const corners = new Set<ColumnsCorner>();
  // The directions of the matches covering each cell: two on one line are a run, not a crossing.
  const covered = new Map<number, Set<number>>();
  const length = READINGS.matchLength;
  READINGS.directions.forEach(([dx, dy], d) => {
    for (let x = 0; x < field.width; x++) {
      for (let y = 0; y < field.stacks[x].length; y++) {
        const run = runFrom(field, x, y, dx, dy);
        if (run < length) continue;
        corners.add(DIRECTION_CORNERS[d]);
        if (run >= length + 1) corners.add('run-of-four');
        if (run >= length + 2) corners.add('run-of-five');
        for (let j = 0; j < length; j++) {
          const key = (x + j * dx) * field.height + y + j * dy;
          covered.set(key, (covered.get(key) ?? new Set<number>()).add(d));
        }
      }
    }
  });
  if ([...covered.values()].some((directions) => directions.size >= 2)) corners.add('jewel-in-several-matches');
  return [...corners];
}

/** Equal jewels in a line from (x, y) in direction (dx, dy), (x, y) included. */
function runFrom(field: Field, x: number, y: number, dx: number, dy: number): number {
  const jewel = jewelAt(field, x, y);
  let k = 1;
  while (jewelAt(field, x + k * dx, y + k * dy) === jewel) k++;
  return k;
}

/**
 * Where each reading of an open rule (`READINGS` of the Columns engine) shows in a game: the
 * corners that exercise it (all of them), or outside this protocol.
 */
export const COLUMNS_READING_CORNERS: Readonly<Record<keyof typeof READINGS, ReadingCoverage<ColumnsCorner>>> = {
  pointsPerMatch: { corners: ['match-vertical'] },
  pointsPerMagicJewel: { corners: ['magic-on-jewel'] },
  matchLength: { corners: ['run-of-four', 'run-of-five'] },
  directions: { corners: ['match-horizontal', 'match-vertical', 'match-diagonal-up', 'match-diagonal-down'] },
  magicCanEndTheGame: { corners: ['magic-game-over'] },
  magicOnFloorClears: { corners: ['magic-on-floor'] },
  defaultPlacement: {
    outside:
      "every column is sent with its placement; the referee's default for columns an output leaves out is checked by verify",
  },
  comboStartsAtOnePerColumn: { corners: ['combo-restarts', 'magic-then-chain'] },
};
