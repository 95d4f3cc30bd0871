// Every command, fed what users get wrong: each answer is exit 2 and one line on stderr naming
// the file (and line or field), never a stack trace, never a partial output file. The first case
// of each command runs as a user runs it, in a child process (the exit code and stderr a shell
// sees); the others run the same `main` in the spec's own process, a second each quicker.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../lib/cli/main.js';
import { DEFAULT_WEIGHTS as COLUMNS_DEFAULT_WEIGHTS } from '../../lib/columns/search/weights.js';
import { DEFAULT_WEIGHTS } from '../../lib/samegame/search/weights.js';
import { runCli } from '../support/cli.js';
import { runInProcess } from '../support/cli-in-process.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-bad-');
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};
mkdirSync(join(tmp, 'a-directory'));
const DIR = join(tmp, 'a-directory');
const BOARD = 'datasets/samegame/demo-board.txt';
const MOVES = 'datasets/samegame/demo-moves.txt';
const row = (n: number, v = '1') => new Array(n).fill(v).join(' ');
const boardOf = (rows: string[]) => rows.join('\n');
const fifteen = (r: string) => new Array(15).fill(r);

const EMPTY = file('empty.txt', '');
const RAGGED = file('ragged.txt', boardOf([...fifteen(row(15)).slice(0, 7), row(14), ...fifteen(row(15)).slice(0, 7)]));
const SMALL = file('small.txt', boardOf(fifteen(row(15)).slice(0, 10)));
const COLOR = file('color.txt', boardOf([...fifteen(row(15)).slice(0, 14), `${row(14)} 7`]));
const WORDS = file(
  'words.txt',
  boardOf([...fifteen(row(15)).slice(0, 3), `${row(14)} x`, ...fifteen(row(15)).slice(0, 11)]),
);
const BINARY = file('binary.bin', new Uint8Array([0, 159, 146, 150, 255, 0, 10]));
const BAD_JSON = file('bad.json', '{ "singletons": ');
const UNKNOWN = file('unknown.json', JSON.stringify({ ...DEFAULT_WEIGHTS, sparkle: 1 }));
const { regions: _r, ...missingRegions } = DEFAULT_WEIGHTS;
const MISSING = file('missing.json', JSON.stringify(missingRegions));
const NAN = file('nan.json', JSON.stringify({ ...DEFAULT_WEIGHTS, regions: 'NaN' }));
const COLUMNS_TRUNCATED = file('truncated.txt', '6 13\n5\nabc\nbca\n');
const COLUMNS_BAD_JEWEL = file('jewel.txt', '6 13\n1\naB1\n');
const COLUMNS_OUT = file('columns-out.txt', '0\n');
const COLUMNS_WEIGHTS = file('columns-weights.json', JSON.stringify(COLUMNS_DEFAULT_WEIGHTS));
const COLUMNS_NEGATIVE_FACTOR = file(
  'factor.json',
  JSON.stringify({ ...COLUMNS_DEFAULT_WEIGHTS, potentialFactor: -1 }),
);
// A board 40 columns wide, as `generate --width 40` writes it.
const WIDE = file('wide.txt', `${boardOf(fifteen(row(40, '2')))}\n`);
const TRAIN = file('train.txt', `${boardOf(fifteen(row(15, '2')))}\n`);
// A valid dataset whose records file beside it (`<dataset>-records.json`) is not JSON.
const RECORDED = file('recorded.txt', `${boardOf(fifteen(row(15, '2')))}\n`);
file('recorded-records.json', new Uint8Array([1, 10]));
// A valid dataset whose records hold a negative score.
const NEGATIVE_RECORD = file('negative.txt', `${boardOf(fifteen(row(15, '2')))}\n`);
file('negative-records.json', JSON.stringify({ scores: [1, -2] }));

const cases: [string, string[], RegExp][] = [
  [
    'bench: a records file that is not JSON',
    ['samegame', 'bench', '--dataset', RECORDED, '--time', '0.01', '--speed-seconds', '0.01'],
    /recorded-records\.json: is not valid JSON/,
  ],
  [
    'bench: a negative record',
    ['samegame', 'bench', '--dataset', NEGATIVE_RECORD, '--time', '0.01', '--speed-seconds', '0.01'],
    /negative-records\.json: field "scores\.1": /,
  ],
  [
    'show: a ragged board',
    ['samegame', 'show', '--board', RAGGED, '--moves', MOVES, '--out', join(tmp, 'out-show.html')],
    /ragged\.txt line 8: expected 15 values, found 14/,
  ],
  ['show: no picture asked for', ['samegame', 'show', '--board', BOARD, '--moves', MOVES], /option --out: give --out/],
  [
    'judge: no memory to run in',
    ['samegame', 'judge', '--bot', 'true', '--board', BOARD, '--memory-mb', '0'],
    /option --memory-mb: expected an integer from 1 to 1000000, got "0"/,
  ],
  [
    'columns judge: a fraction of a MB',
    ['columns', 'judge', '--bot', 'true', '--input', 'datasets/columns/sample.txt', '--memory-mb', '1.5'],
    /option --memory-mb: expected an integer from 1 to 1000000, got "1\.5"/,
  ],
  [
    'columns show: a truncated input',
    ['columns', 'show', '--input', COLUMNS_TRUNCATED, '--output', COLUMNS_OUT, '--out', join(tmp, 'out-cshow.html')],
    /truncated\.txt line 4: the input ends after 2 of 5 columns/,
  ],
  [
    'solve --svg: a directory to write',
    ['samegame', 'solve', '--board', BOARD, '--nodes', '100', '--svg', DIR],
    /a-directory: cannot be written/,
  ],
  [
    'verify: a missing board',
    ['samegame', 'verify', '--board', 'nope.txt', '--moves', MOVES],
    /nope\.txt: does not exist/,
  ],
  ['verify: a directory', ['samegame', 'verify', '--board', DIR, '--moves', MOVES], /a-directory: is a directory/],
  ['verify: an empty board', ['samegame', 'verify', '--board', EMPTY, '--moves', MOVES], /empty\.txt line 1: no board/],
  [
    'verify: ragged rows',
    ['samegame', 'verify', '--board', RAGGED, '--moves', MOVES],
    /ragged\.txt line 8: expected 15 values, found 14/,
  ],
  [
    'solve: a board of another shape, without --width',
    ['samegame', 'solve', '--board', WIDE, '--nodes', '100'],
    /wide\.txt line 1: expected 15 values, found 40 \(a board of another shape needs --width and --height\)/,
  ],
  [
    'perft: a dataset of many boards given as --board',
    ['samegame', 'perft', '--board', 'datasets/samegame/standard20.txt', '--depth', '1'],
    /standard20\.txt: holds 20 boards \(a dataset\): give a file of one board$/,
  ],
  [
    'verify: a board of 10 rows',
    ['samegame', 'verify', '--board', SMALL, '--moves', MOVES],
    /small\.txt line 10: expected 15 rows, found 10/,
  ],
  [
    'verify: a color out of range',
    ['samegame', 'verify', '--board', COLOR, '--moves', MOVES],
    /color\.txt line 15: value #15 is 7/,
  ],
  [
    'verify: a word in the board',
    ['samegame', 'verify', '--board', WORDS, '--moves', MOVES],
    /words\.txt line 4: value #15 "x" is not an integer/,
  ],
  [
    'verify: a binary moves file',
    ['samegame', 'verify', '--board', BOARD, '--moves', BINARY],
    /binary\.bin: is binary/,
  ],
  [
    'verify: an unknown flag',
    ['samegame', 'verify', '--board', BOARD, '--moves', MOVES, '--color', '3'],
    /Unknown argument: color/,
  ],
  [
    'solve: a non-numeric node budget',
    ['samegame', 'solve', '--board', BOARD, '--nodes', 'abc'],
    /--nodes: expected an integer/,
  ],
  [
    'solve: a huge node budget',
    ['samegame', 'solve', '--board', BOARD, '--nodes', '1e99'],
    /--nodes: expected an integer/,
  ],
  ['solve: a NaN time', ['samegame', 'solve', '--board', BOARD, '--time', 'NaN'], /--time: expected a positive number/],
  [
    'solve: a negative time',
    ['samegame', 'solve', '--board', BOARD, '--time', '-3'],
    /--time: expected a positive number/,
  ],
  ['solve: a zero time', ['samegame', 'solve', '--board', BOARD, '--time', '0'], /--time: expected a positive number/],
  [
    'solve: invalid JSON weights',
    ['samegame', 'solve', '--board', BOARD, '--weights', BAD_JSON],
    /bad\.json: is not valid JSON/,
  ],
  [
    'solve: an unknown weight',
    ['samegame', 'solve', '--board', BOARD, '--weights', UNKNOWN],
    /unknown\.json: field "sparkle": unknown weight/,
  ],
  [
    'solve: a missing weight',
    ['samegame', 'solve', '--board', BOARD, '--weights', MISSING],
    /missing\.json: field "regions"/,
  ],
  [
    'solve: a non-number weight',
    ['samegame', 'solve', '--board', BOARD, '--weights', NAN],
    /nan\.json: field "regions"/,
  ],
  ['solve: a bad format', ['samegame', 'solve', '--board', BOARD, '--format', 'xml'], /Argument: format, Given: "xml"/],
  ['bot: a board cut short', ['samegame', 'bot'], /stdin line 1: input ended in the middle of a board/],
  [
    'generate: a negative count',
    ['samegame', 'generate', '--count', '-4', '--seed', '1'],
    /--count: expected an integer from 1/,
  ],
  [
    'generate: a seed that is text',
    ['samegame', 'generate', '--count', '2', '--seed', 'x'],
    /--seed: expected an integer/,
  ],
  [
    'generate: too many colors',
    ['samegame', 'generate', '--count', '2', '--seed', '1', '--colors', '21'],
    /--colors: expected an integer from 1 to 20/,
  ],
  [
    'generate: color counts that do not fill the board',
    ['samegame', 'generate', '--count', '2', '--seed', '1', '--counts', '45,45,45,45,44'],
    /--counts: expected one count per color \(--colors\), adding up to the cells/,
  ],
  [
    'generate: more than 25 million cells in all',
    ['samegame', 'generate', '--count', '100000', '--seed', '1', '--width', '64', '--height', '64'],
    /--count must be at most 6103 for boards of up to 4096 cells/,
  ],
  [
    'generate: a color count that is text',
    ['samegame', 'generate', '--count', '2', '--seed', '1', '--counts', '45,45,many,45,45'],
    /--counts: "many": expected an integer/,
  ],
  ['bench: a missing dataset', ['samegame', 'bench', '--dataset', 'none.txt'], /none\.txt: does not exist/],
  ['bench: a ragged dataset', ['samegame', 'bench', '--dataset', RAGGED, '--time', '1'], /ragged\.txt line 8/],
  [
    'tune: a binary training set',
    ['samegame', 'tune', '--train', BINARY, '--validate', TRAIN, '--out', join(tmp, 'out-1.json')],
    /binary\.bin: is binary/,
  ],
  [
    'tune: a zero population',
    ['samegame', 'tune', '--train', TRAIN, '--validate', TRAIN, '--population', '0', '--out', join(tmp, 'out-2.json')],
    /--population: expected an integer from 2/,
  ],
  [
    'tune: a --start file that is not a weights file',
    [
      'samegame',
      'tune',
      '--train',
      TRAIN,
      '--validate',
      TRAIN,
      '--start',
      'package.json',
      '--out',
      join(tmp, 'out-5.json'),
    ],
    /package\.json: field "/,
  ],
  [
    'tune: an empty validation set',
    ['samegame', 'tune', '--train', TRAIN, '--validate', EMPTY, '--out', join(tmp, 'out-3.json')],
    /empty\.txt line 1: no board/,
  ],
  ['no game', ['chess'], /Unknown argument: chess/],
  [
    'columns verify: a truncated input',
    ['columns', 'verify', '--input', COLUMNS_TRUNCATED, '--output', COLUMNS_OUT],
    /truncated\.txt line 4: the input ends after 2 of 5 columns/,
  ],
  [
    'columns verify: a binary input',
    ['columns', 'verify', '--input', BINARY, '--output', COLUMNS_OUT],
    /binary\.bin: is binary/,
  ],
  [
    'columns solve: a bad jewel',
    ['columns', 'solve', '--input', COLUMNS_BAD_JEWEL],
    /jewel\.txt line 3: column 1 "aB1"/,
  ],
  [
    'columns solve: a NaN budget',
    ['columns', 'solve', '--input', 'datasets/columns/sample.txt', '--nodes', 'NaN'],
    /--nodes: expected an integer/,
  ],
  [
    'columns solve: Samegame weights',
    ['columns', 'solve', '--input', 'datasets/columns/sample.txt', '--weights', UNKNOWN],
    /unknown\.json: field "colorPotential": unknown weight/,
  ],
  [
    'columns generate: a magic rate above 1',
    ['columns', 'generate', '--seed', '1', '--magic-rate', '1.5'],
    /--magic-rate: expected a probability/,
  ],
  [
    'columns generate: a range upside down',
    ['columns', 'generate', '--seed', '1', '--count', '9000..5000'],
    /--count: expected A <= B/,
  ],
  [
    'columns generate: a range past the limit',
    ['columns', 'generate', '--seed', '1', '--colors', '3..27'],
    /--colors: expected an integer or a range/,
  ],
  [
    'columns generate: more than four million columns in all',
    ['columns', 'generate', '--seed', '1', '--instances', '1000'],
    /--instances must be at most 400 for instances of up to 10000 columns/,
  ],
  [
    'columns solve: a node budget past a day of search',
    ['columns', 'solve', '--input', 'datasets/columns/sample.txt', '--nodes', '9000000000000000'],
    /option --nodes: expected an integer from 1 to 1000000000000, got "9000000000000000"/,
  ],
  [
    'columns solve: a negative potentialFactor',
    ['columns', 'solve', '--input', 'datasets/columns/sample.txt', '--weights', COLUMNS_NEGATIVE_FACTOR],
    /factor\.json: field "potentialFactor": weight "potentialFactor" must be from 0 to 192, found -1/,
  ],
  [
    'columns compare: a node budget past a day of search',
    [
      'columns',
      'compare',
      '--dataset',
      'datasets/columns/sample.txt',
      '--b',
      COLUMNS_WEIGHTS,
      '--nodes',
      '9000000000000000',
    ],
    /option --nodes: expected an integer from 1 to 1000000000000/,
  ],
  [
    'columns tune: an empty training set',
    [
      'columns',
      'tune',
      '--train',
      EMPTY,
      '--validate',
      'datasets/columns/validate.txt',
      '--out',
      join(tmp, 'out-4.json'),
    ],
    /empty\.txt line 1: no instance/,
  ],
];

/** The command a case runs (`samegame solve`, `worker`). */
const commandOf = (args: readonly string[]): string => args.slice(0, args[0] === 'worker' ? 1 : 2).join(' ');

/** The first case of each command, and the bot's (it reads stdin): these run in a child process. */
const spawned = new Set(
  cases
    .filter(
      ([, args], i) => args[1] === 'bot' || cases.findIndex(([, other]) => commandOf(other) === commandOf(args)) === i,
    )
    .map(([name]) => name),
);

describe('bad input to every command', () => {
  it('should run at least one case of every command in a child process', () => {
    expect(new Set([...spawned].map((name) => commandOf(cases.find(([n]) => n === name)?.[1] ?? [])))).toEqual(
      new Set(cases.map(([, args]) => commandOf(args))),
    );
  });

  it.each(cases)('should answer %s with exit 2 and one line', async (name, args, message) => {
    const run = spawned.has(name)
      ? runCli(args, { input: args[1] === 'bot' ? '1 2 3\n' : '' })
      : await runInProcess(args);
    expect(run.status).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tilefall: /);
    expect(lines[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('should never leave a partial output file', () => {
    expect(readdirSync(tmp).filter((f) => f.startsWith('out-') || f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('garbage files', () => {
  const GARBAGE_SET = file('garbage-set.txt', `${boardOf(fifteen(row(15, '2')))}\n`);
  afterEach(() => vi.restoreAllMocks());

  it('should refuse arbitrary bytes as a board, moves, weights, dataset or records file with one line naming the file', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 400 }),
        fc.constantFrom('board', 'weights', 'dataset', 'train', 'records'),
        async (bytes, role) => {
          // A tune run on bytes that happen to form a valid dataset writes its output: each run
          // starts without one, so a refusal can be checked for leaving none.
          rmSync(join(tmp, 'garbage-out.json'), { force: true });
          // Records are found beside their dataset, by name, so the garbage takes that name.
          const garbageName = role === 'records' ? 'garbage-set-records.json' : 'garbage.dat';
          const garbage = file(garbageName, bytes);
          const dataset = role === 'records' ? GARBAGE_SET : garbage;
          const args =
            role === 'board'
              ? ['samegame', 'verify', '--board', garbage, '--moves', MOVES]
              : role === 'weights'
                ? ['samegame', 'solve', '--board', BOARD, '--nodes', '100', '--weights', garbage]
                : role === 'dataset' || role === 'records'
                  ? ['samegame', 'bench', '--dataset', dataset, '--time', '0.01', '--speed-seconds', '0.01']
                  : [
                      'samegame',
                      'tune',
                      '--train',
                      garbage,
                      '--validate',
                      garbage,
                      '--out',
                      join(tmp, 'garbage-out.json'),
                      '--workers',
                      '0',
                      '--generations',
                      '1',
                      '--population',
                      '2',
                      '--nodes',
                      '10',
                    ];
          let stderr = '';
          let stdout = '';
          vi.spyOn(process.stderr, 'write').mockImplementation((c) => {
            stderr += String(c);
            return true;
          });
          vi.spyOn(process.stdout, 'write').mockImplementation((c) => {
            stdout += String(c);
            return true;
          });
          const status = await main(args);
          vi.restoreAllMocks();
          // Random bytes can happen to form a valid file (e.g. "1"): then the command just works.
          if (status === 0) return;
          refused++;
          expect(status).toBe(2);
          expect(stderr.trimEnd().split('\n')).toHaveLength(1);
          expect(stderr).toContain(garbageName);
          expect(stdout).toBe('');
          expect(existsSync(join(tmp, 'garbage-out.json'))).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    // Valid-by-chance files are rare: the property must have judged mostly refusals.
    expect(refused).toBeGreaterThan(40);
  });
  it('should answer any value of an option, control characters and all, with one line and no raw control character', async () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be printed
    const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('\n', '\r', '\u001b', '\u009b', '\u2028', '\t', 'a', '1', '[', ' ') }),
        fc.constantFrom(
          ['samegame', 'perft', '--board', BOARD, '--depth'],
          ['samegame', 'perft', '--depth', '1', '--board'],
          ['samegame', 'solve', '--board', BOARD, '--seed'],
          ['columns', 'generate', '--seed', '1', '--width'],
          ['samegame', 'verify', '--moves', MOVES, '--board'],
        ),
        async (value, command) => {
          let stderr = '';
          vi.spyOn(process.stderr, 'write').mockImplementation((c) => {
            stderr += String(c);
            return true;
          });
          vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
          const status = await main([...command, `x${value}`]);
          vi.restoreAllMocks();
          expect(status).toBe(2);
          expect(stderr.endsWith('\n')).toBe(true);
          expect(stderr.slice(0, -1)).not.toMatch(raw);
          expect(stderr.slice(0, -1)).not.toContain('\n');
        },
      ),
      { numRuns: 40 },
    );
  });
});
