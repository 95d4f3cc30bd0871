// The two games' public modules play the same roles under the same names and signature shapes,
// so code written for one reads the other. The role table is data here; the shapes are checked by
// the type checker (the `satisfies` lines below fail `npm run typecheck` when a shape drifts).
import { describe, expect, it } from 'vitest';
import * as columns from '../../lib/columns/index.js';
import type { BudgetSpec } from '../../lib/core/budget.js';
import type { IntegerRange } from '../../lib/core/integer-range.js';
import type { Result } from '../../lib/core/result.js';
import type { TuningGame } from '../../lib/core/tuning-game.js';
import * as samegame from '../../lib/samegame/index.js';

/** A role, its exports in each game: the same names unless the row says why not. */
interface Role {
  readonly role: string;
  readonly samegame: readonly string[];
  readonly columns: readonly string[];
  readonly why?: string;
}

const same = (role: string, names: readonly string[]): Role => ({ role, samegame: names, columns: names });

const ROLE_TABLE: readonly Role[] = [
  {
    role: 'the text form of what a game starts from',
    samegame: ['parseBoard', 'formatBoard', 'parseBoards', 'formatBoards'],
    columns: ['parseInstance', 'formatInstance', 'parseInstances', 'formatInstances'],
    why: 'named for what they hold: a SameGame game starts from a board, a Columns game from an instance (a field size and the columns to come)',
  },
  same('the text form of a move list', ['parseMoves', 'formatMoves']),
  same('the rules, one move at a time (the ground truth)', ['start', 'legalMoves', 'play', 'isTerminal']),
  same('every reading of an open rule', ['READINGS']),
  same("the sizes the engine accepts: width, height, colors (and Columns' column count) as [min, max]", ['LIMITS']),
  same('the referee', ['referee', 'playMoves']),
  same('the replay (what the HTML replay and pictures draw)', ['replay']),
  same('the solver', ['solve']),
  same('the largest budget any search takes: a day, or 10^12 nodes', ['BUDGET_LIMITS']),
  same('the weights: evaluation features and search knobs, apart', [
    'DEFAULT_WEIGHTS',
    'WEIGHT_NAMES',
    'FEATURE_NAMES',
    'SEARCH_KNOB_NAMES',
    'WEIGHT_BOUNDS',
    'WEIGHT_DOCS',
    'parseWeights',
  ]),
  same('the generator', ['generate']),
  same('the game for the tuner', ['tuningGame']),
  same('the Result every checked function answers, built as the library builds it', ['ok', 'err']),
];

/** Exports of one game only, each a thing the other game does not have. */
const GAME_SPECIFIC = {
  samegame: [
    'boardFromRows',
    'boardRows',
    'colorAt',
    'EMPTY',
    'STANDARD_SHAPE', // building and reading boards
    'boardKey', // the key of a board for any recoloring: what BotOptions.knownLines is keyed by
    'regionAt',
    'moveScore',
    'CLEAR_BONUS',
    'isCleared', // the region rule and its scoring
    'PROTOCOLS', // CodinGame's two protocols
    'BotSession',
    'DEFAULT_FIRST_TURN_MS',
    'DEFAULT_TURN_MS', // the CodinGame bot's brain and its clock
    'parseSolveState', // reading a saved solve state back (only the SameGame solve resumes)
    'perft', // move counts per depth to compare engines by (Columns has no such published counts yet)
  ],
  columns: ['STATEMENT_SHAPE', 'formatField'], // the statement's sizes (ranges); a field's text rows
} as const;

const valueExports = (module: object): string[] => Object.keys(module).sort();

describe('the role table', () => {
  for (const game of ['samegame', 'columns'] as const) {
    const module: object = game === 'samegame' ? samegame : columns;

    it(`should find every name of the table exported by ${game}`, () => {
      const missing = ROLE_TABLE.flatMap((row) => row[game]).filter((name) => !(name in module));
      expect(missing).toEqual([]);
    });

    it(`should account for every value ${game} exports, in the table or as specific to the game`, () => {
      const accounted = new Set([...ROLE_TABLE.flatMap((row) => row[game]), ...GAME_SPECIFIC[game]]);
      expect(valueExports(module).filter((name) => !accounted.has(name))).toEqual([]);
    });
  }

  it('should give every row the same names in both games, or a reason', () => {
    const differing = ROLE_TABLE.filter((row) => row.samegame.join() !== row.columns.join() && row.why === undefined);
    expect(differing.map((row) => row.role)).toEqual([]);
  });
});

/** A refusal with a code and a message, as every game's typed errors are. */
interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** A refused argument: a refusal that names the field at fault (`ArgumentError`). */
type FieldRefusal = Refusal & { readonly field: string };

/** What a working function returns: its answer, or the refusal of a bad argument. */
type Checked<T> = Result<T, FieldRefusal>;

/**
 * The shape every game's module has, for its start `S`, state `P`, move `M`, weights `W`, the
 * referee's verdict `V` and the rest.
 */
interface GameModule<S, P, M, W, V extends { readonly score: number }> {
  parseMoves(text: string, start: S): Result<M[], (Refusal & { readonly line: number }) | FieldRefusal>;
  formatMoves(moves: readonly M[]): string;
  start(start: S): P;
  legalMoves(state: P): M[];
  play(state: P, move: M): Result<{ readonly points: number }, Refusal>;
  isTerminal(state: P): boolean;
  referee(start: S, output: string): Checked<V>;
  // The same kind of result as the referee's: a move list is judged as its printed output is.
  playMoves(start: S, moves: readonly M[]): Checked<V>;
  replay(start: S, output: string): Checked<{ readonly game: string; readonly score?: number }>;
  solve(
    start: S,
    options: { readonly budget: BudgetSpec; readonly weights?: W },
  ): Result<{ readonly score: number; readonly moves: readonly M[]; readonly nodes: number }, Refusal>;
  generate(options: GenerateShape): Checked<S[]>;
  parseWeights(json: unknown): Result<W, FieldRefusal>;
  readonly DEFAULT_WEIGHTS: W;
  readonly WEIGHT_NAMES: readonly (keyof W)[];
  readonly FEATURE_NAMES: readonly (keyof W)[];
  readonly SEARCH_KNOB_NAMES: readonly (keyof W)[];
  readonly LIMITS: { readonly width: IntegerRange; readonly height: IntegerRange; readonly colors: IntegerRange };
  readonly WEIGHT_BOUNDS: Readonly<Record<keyof W, readonly [number, number]>>;
  readonly WEIGHT_DOCS: Readonly<Record<keyof W, string>>;
  readonly tuningGame: TuningGame;
  readonly READINGS: object;
}

/** What both generators take: a seed, how many, and each size or color count fixed or a range. */
interface GenerateShape {
  readonly seed: number;
  readonly count?: number;
  readonly width?: number | IntegerRange;
  readonly height?: number | IntegerRange;
  readonly colors?: number | IntegerRange;
}

/** The text form of a game's start, named `parse<Noun>`, `format<Noun>`, and the plural for files. */
type TextForm<Noun extends string, S> = Record<
  `parse${Noun}`,
  (text: string) => Result<S, (Refusal & { line: number }) | FieldRefusal>
> &
  Record<`format${Noun}`, (start: S) => string> &
  Record<`parse${Noun}s`, (text: string) => Result<S[], (Refusal & { line: number }) | FieldRefusal>> &
  Record<`format${Noun}s`, (starts: readonly S[]) => string>;

samegame satisfies GameModule<samegame.Board, samegame.Board, samegame.Cell, samegame.Weights, samegame.Verdict> &
  TextForm<'Board', samegame.Board>;
columns satisfies GameModule<columns.Instance, columns.Position, columns.Placement, columns.Weights, columns.Verdict> &
  TextForm<'Instance', columns.Instance>;

describe('the weights of both games', () => {
  it.each([
    ['samegame', samegame],
    ['columns', columns],
  ] as const)('should list in %s every weight once: the features, then the search knobs', (_, game) => {
    expect(game.WEIGHT_NAMES).toEqual([...game.FEATURE_NAMES, ...game.SEARCH_KNOB_NAMES]);
    expect(new Set(game.WEIGHT_NAMES).size).toBe(game.WEIGHT_NAMES.length);
    expect(game.SEARCH_KNOB_NAMES.length).toBeGreaterThan(0);
  });
});
