// Options that conflict, or mean nothing without another, are refused with one line and exit 2
// before any work, as a bad value is; and a range or a position must fit the data it names.
// Run in the spec's own process: each answer comes before a file is read or a game is played.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_LIMITS } from '../../lib/core/budget.js';
import { runInProcess } from '../support/cli-in-process.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-conflicts-');
const BOARD = 'datasets/samegame/demo-board.txt';
const MOVES = 'datasets/samegame/demo-moves.txt';
const STANDARD = 'datasets/samegame/standard20.txt';
const INSTANCE = 'datasets/columns/sample.txt';
const NO_COLUMNS = join(tmp, 'no-columns.txt');
writeFileSync(NO_COLUMNS, '0\n');
const out = (name: string) => join(tmp, name);
const tune = (game: string, ...extra: string[]) => [
  ...[game, 'tune', '--train', 'train.txt', '--validate', 'validate.txt', '--out', out('tuned.json'), ...extra],
];

const cases: [string, string[], string][] = [
  [
    'bench --dataset with --shapes',
    ['samegame', 'bench', '--dataset', STANDARD, '--shapes', '40x25x6'],
    'option --shapes: generates the boards: give --shapes or --dataset, not both',
  ],
  [
    'bench --times with --time',
    ['samegame', 'bench', '--times', '1,5', '--time', '2'],
    'option --times: solves at each budget it lists: give --times or --time, not both',
  ],
  [
    'bench --speed-seconds with --times',
    ['samegame', 'bench', '--times', '1', '--speed-seconds', '1'],
    'option --speed-seconds: times the playouts of the --time table, which --times does not print',
  ],
  [
    'bench --boards past the dataset',
    ['samegame', 'bench', '--boards', '21'],
    'option --boards: 21 boards: the dataset has 20 boards',
  ],
  [
    'tune --bot with --nodes',
    tune('samegame', '--bot', 'node bot.js', '--params', 'params.json', '--nodes', '5000'),
    `option --nodes: is the solver's budget: a --bot "CMD" run judges each game on the clock (its time limits) instead`,
  ],
  [
    'tune --bot with --nodes',
    tune('columns', '--bot', './solve', '--params', 'params.json', '--nodes', '5000'),
    `option --nodes: is the solver's budget: a --bot "CMD" run judges each game on the clock (its time limits) instead`,
  ],
  [
    'tune --turn-ms without --bot',
    tune('samegame', '--turn-ms', '100'),
    `option --turn-ms: is a limit of the program's games: goes with --bot "CMD"`,
  ],
  [
    'tune --protocol without --bot',
    tune('samegame', '--protocol', 'one-turn'),
    `option --protocol: is a limit of the program's games: goes with --bot "CMD"`,
  ],
  [
    'tune --time-ms without --bot',
    tune('columns', '--time-ms', '100'),
    `option --time-ms: is a limit of the program's games: goes with --bot "CMD"`,
  ],
  [
    'tune --workers with --queue',
    tune('samegame', '--queue', 'redis://127.0.0.1:1', '--workers', '2'),
    'option --workers: counts the threads of a run on this machine: with --queue the `tilefall worker`s evaluate',
  ],
  [
    'tune --reuse without --queue',
    tune('samegame', '--reuse', '3f2a9c1b04de'),
    'option --reuse: is the id of a run on the queue: goes with --queue URL, and is letters, digits, _ and . only',
  ],
  [
    'tune --reuse of a malformed run id',
    tune('samegame', '--queue', 'redis://127.0.0.1:1', '--reuse', 'a:b'),
    'option --reuse: is the id of a run on the queue: goes with --queue URL, and is letters, digits, _ and . only',
  ],
  [
    'tune --keep-jobs without --queue',
    tune('samegame', '--keep-jobs'),
    'option --keep-jobs: keeps the jobs of a run on the queue: goes with --queue URL',
  ],
  [
    'queue clean --run of a malformed run id',
    ['queue', 'clean', '--queue', 'redis://127.0.0.1:1', '--run', 'x y'],
    'option --run: is a run id as `tilefall queue status` lists it: letters, digits, _ and . only',
  ],
  [
    'tune --race-confidence with --no-race',
    tune('samegame', '--no-race', '--race-confidence', '3'),
    'option --race-confidence: goes with --race, not --no-race',
  ],
  [
    'tune --plot-x without --plot',
    tune('samegame', '--plot-x', 'games'),
    'option --plot-x: is the axis of the --plot FILE chart: give --plot FILE too',
  ],
  [
    'judge --boards past the dataset',
    ['samegame', 'judge', '--bot', 'node bot.js', '--dataset', STANDARD, '--boards', '99'],
    'option --boards: 99 boards: the dataset has 20 boards',
  ],
  [
    'judge --boards A..B past the dataset',
    ['samegame', 'judge', '--bot', 'node bot.js', '--dataset', STANDARD, '--boards', '15..25'],
    'option --boards: boards 15..25: the dataset has 20 boards',
  ],
  [
    'judge --seed without --recolor',
    ['samegame', 'judge', '--bot', 'node bot.js', '--board', BOARD, '--seed', '4'],
    'option --seed: seeds the permutations of --recolor: give --recolor too',
  ],
  [
    'solve --move without --svg',
    ['samegame', 'solve', '--board', BOARD, '--nodes', '100', '--move', '3'],
    'option --move: chooses the position --svg FILE draws: give --svg FILE too',
  ],
  [
    'solve --glyphs without --svg',
    ['samegame', 'solve', '--board', BOARD, '--nodes', '100', '--show', out('s.html'), '--glyphs'],
    'option --glyphs: draws glyphs on the --svg FILE picture (the replay has its own switch): give --svg FILE too',
  ],
  [
    'show --move without --svg',
    ['samegame', 'show', '--board', BOARD, '--moves', MOVES, '--out', out('r.html'), '--move', '3'],
    'option --move: chooses the position --svg FILE draws: give --svg FILE too',
  ],
  [
    'show --move past the last move',
    [
      'samegame',
      'show',
      '--board',
      BOARD,
      '--moves',
      MOVES,
      '--out',
      out('past.html'),
      '--svg',
      out('past.svg'),
      '--move',
      '62',
    ],
    'option --move: the game has 61 moves: give 0 to 61',
  ],
  [
    'columns solve --move without --svg',
    ['columns', 'solve', '--input', INSTANCE, '--nodes', '100', '--move', '1'],
    'option --move: chooses the position --svg FILE draws: give --svg FILE too',
  ],
  [
    'columns show --move past the last column',
    ['columns', 'show', '--input', INSTANCE, '--output', NO_COLUMNS, '--svg', out('c.svg'), '--move', '11'],
    // Columns the output leaves out are played at 1 0: the tenth ends this game.
    'option --move: the game has 10 columns: give 0 to 10',
  ],
  [
    'generate --width 10^20',
    ['samegame', 'generate', '--count', '1', '--seed', '1', '--width', '100000000000000000000'],
    'option --width: expected an integer from 1 to 64, got "100000000000000000000"',
  ],
  [
    'solve --nodes past the library limit',
    ['samegame', 'solve', '--board', BOARD, '--nodes', String(BUDGET_LIMITS.nodes + 1)],
    `option --nodes: expected an integer from 1 to ${BUDGET_LIMITS.nodes}, got "${BUDGET_LIMITS.nodes + 1}"`,
  ],
];

describe('options that conflict or mean nothing', () => {
  it.each(cases)('should refuse %s with one line and exit 2', async (_, args, message) => {
    const run = await runInProcess(args);
    expect(run).toEqual({ status: 2, stdout: '', stderr: `tilefall: ${message}\n` });
  });

  it('should write nothing when it refuses a --move past the end of the game', () => {
    expect(existsSync(out('past.html'))).toBe(false);
    expect(existsSync(out('past.svg'))).toBe(false);
  });

  it('should still take each of those options where it means something', async () => {
    const svg = out('move.svg');
    const shown = await runInProcess([
      'samegame',
      'show',
      '--board',
      BOARD,
      '--moves',
      MOVES,
      '--svg',
      svg,
      '--move',
      '61',
      '--glyphs',
    ]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(existsSync(svg)).toBe(true);
    const judged = await runInProcess([
      'samegame',
      'judge',
      '--bot',
      'no-such-program-here',
      '--dataset',
      STANDARD,
      '--boards',
      '20',
      '--recolor',
      '--seed',
      '4',
      '--jobs',
      '1',
      '--turn-ms',
      '1',
      '--first-turn-ms',
      '1',
    ]);
    // Past its options: the program cannot start, which is the judge's answer, not the options'.
    expect(judged.stderr).not.toMatch(/option --(boards|seed)/);
  }, 60_000);
});
