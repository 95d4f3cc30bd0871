/**
 * What `conform` and `vectors` need of a game, the same for both: its games, the text an engine
 * is sent, the answers a correct engine gives, how many lines follow a step's first line, and the
 * corners a game reaches. The command-line runner and the vector writer are written once against it.
 */
import type fc from 'fast-check';
import { LIMITS as COLUMNS_LIMITS } from '../columns/engine/instance.js';
import type { ArgumentError } from '../core/argument-error.js';
import type { Result } from '../core/result.js';
import { LIMITS as SAMEGAME_LIMITS } from '../samegame/engine/board.js';
import { checkShapeOptions, type ShapeRanges } from './bounds.js';
import {
  COLUMNS_CORNERS,
  COLUMNS_READING_CORNERS,
  cornersOfGame as columnsCornersOf,
  columnsUnreachableCorners,
} from './columns-corners.js';
import { COLUMNS_GAME_DEFAULTS, type ColumnsGame, type ColumnsGameOptions, columnsGames } from './columns-games.js';
import { columnsExpected, columnsGameText, columnsSummary, OVER } from './columns-protocol.js';
import type { ExpectedStep } from './disagreement.js';
import type { ReadingCoverage } from './reading-coverage.js';
import {
  SAMEGAME_CORNERS,
  SAMEGAME_READING_CORNERS,
  cornersOfGame as samegameCornersOf,
  samegameUnreachableCorners,
} from './samegame-corners.js';
import {
  SAMEGAME_GAME_DEFAULTS,
  type SamegameGame,
  type SamegameGameOptions,
  samegameGames,
} from './samegame-games.js';
import { samegameExpected, samegameGameText, samegameSummary } from './samegame-protocol.js';

/** One game's conformance protocol. */
export interface ConformanceProtocol<G, O> {
  readonly game: 'samegame' | 'columns';
  /** The games within the user's bounds, or a refusal of bounds outside the engine's limits. */
  games(options: O): Result<fc.Arbitrary<G>, ArgumentError<'invalid-option'>>;
  /** The text an engine is sent for one game (a drawn one: the protocol checks nothing). */
  input(game: G): string;
  /** What a correct engine answers, step by step. */
  expected(game: G): ExpectedStep[];
  /** How many lines an engine prints after a step whose first line is `first`. */
  linesAfter(first: string, game: G): number;
  /** The game's size in a few words. */
  summary(game: G): string;
  /** The corners one game reaches. */
  cornersOf(game: G): string[];
  /** Every corner of the rules, in order. */
  readonly corners: readonly string[];
  /** The sizes and colors the user's bounds allow, the missing ones the games' defaults. */
  ranges(options: O): ShapeRanges;
  /** The corners no game within these ranges can reach (a one-row board at 15 x 15). */
  unreachable(ranges: ShapeRanges): string[];
  /** A game's size and length, which the hint of an engine that hard-codes a size compares. */
  sizeOf(game: G): GameSize;
  /** The options that name the sizes an engine supports, as the user would give them for the contest's. */
  readonly sizeOptions: string;
  /** Where each reading of an open rule shows in the games. */
  readonly readings: Readonly<Record<string, ReadingCoverage<string>>>;
  /** What one step is called: a move, a placement. */
  readonly stepName: string;
  /** What line `line` (from 1) of a step's answer looks like, as a pattern and in words. */
  lineForm(line: number, game: G): LineForm;
}

/** A game's field and how many steps it has. */
export interface GameSize {
  readonly width: number;
  readonly height: number;
  readonly steps: number;
}

/** The user's bounds as ranges, the missing ones the games' defaults (they were checked when the games were drawn). */
function rangesOf(options: unknown, defaults: ShapeRanges, limits: ShapeRanges): ShapeRanges {
  const ranges = checkShapeOptions(options, defaults, limits);
  return ranges.ok ? ranges.value : defaults;
}

/** The form of one line of an answer: a pattern its words (one space apart) match, and its name. */
export interface LineForm {
  readonly pattern: RegExp;
  readonly what: string;
}

/** A row of `n` words matching `word`, one space apart. */
const rowOf = (n: number, word: string): RegExp => new RegExp(`^${word}( ${word}){${n - 1}}$`);

/** The SameGame protocol: each move answered by its points and the `H` rows after it. */
export const SAMEGAME_PROTOCOL: ConformanceProtocol<SamegameGame, SamegameGameOptions> = {
  game: 'samegame',
  games: samegameGames,
  input: samegameGameText,
  expected: samegameExpected,
  linesAfter: (_first, game) => game.board.height,
  summary: samegameSummary,
  cornersOf: samegameCornersOf,
  corners: Object.keys(SAMEGAME_CORNERS),
  ranges: (options) => rangesOf(options, SAMEGAME_GAME_DEFAULTS, SAMEGAME_LIMITS),
  unreachable: samegameUnreachableCorners,
  sizeOf: (game) => ({ width: game.board.width, height: game.board.height, steps: game.moves.length }),
  sizeOptions: '--width 15 --height 15 --colors 5',
  readings: SAMEGAME_READING_CORNERS,
  stepName: 'move',
  lineForm: (line, game) =>
    line === 1
      ? { pattern: /^-?\d+$/, what: "the move's points" }
      : { pattern: rowOf(game.board.width, '-?\\d+'), what: `a row of ${game.board.width} integers` },
};

/** The Columns protocol: each placement answered by its points and the `h` rows after it, or `over` alone. */
export const COLUMNS_PROTOCOL: ConformanceProtocol<ColumnsGame, ColumnsGameOptions> = {
  game: 'columns',
  games: columnsGames,
  input: columnsGameText,
  expected: columnsExpected,
  linesAfter: (first, game) => (first.trim() === OVER ? 0 : game.instance.height),
  summary: columnsSummary,
  cornersOf: columnsCornersOf,
  corners: Object.keys(COLUMNS_CORNERS),
  ranges: (options) => rangesOf(options, COLUMNS_GAME_DEFAULTS, COLUMNS_LIMITS),
  unreachable: columnsUnreachableCorners,
  sizeOf: (game) => ({ width: game.instance.width, height: game.instance.height, steps: game.placements.length }),
  sizeOptions: '--width 12 --height 19',
  readings: COLUMNS_READING_CORNERS,
  stepName: 'placement',
  lineForm: (line, game) =>
    line === 1
      ? { pattern: /^(\d+|over)$/, what: 'the points or over' }
      : {
          pattern: new RegExp(`^[a-z.]{${game.instance.width}}$`),
          what: `a row of ${game.instance.width} characters, . or a letter`,
        },
};
