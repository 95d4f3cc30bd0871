import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../support/cli.js';
import { runInProcess } from '../../support/cli-in-process.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-perft-');
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

/** Columns 0 0 | 1 1 | 2 2: any two of the three leave the third, all three clear the board. */
const threeColumns = file('three.txt', '0 1 2\n0 1 2\n');
const threeShape = ['--width', '3', '--height', '2', '--colors', '3'];

/** One column, bottom to top 1 0 0: its one move is the 0s, named by their lowest cell, row 1. */
const raisedPair = file('raised.txt', '0\n0\n1\n');
const raisedShape = ['--width', '1', '--height', '3', '--colors', '2'];

afterEach(() => vi.restoreAllMocks());

/** The words of each line of a table, so the spec holds the columns and not their padding. */
const words = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));

describe('tilefall samegame perft', () => {
  it('should print a table of sequences and positions by depth, worked out by hand', async () => {
    const run = await runInProcess(['samegame', 'perft', '--board', threeColumns, ...threeShape, '--depth', '4']);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(words(run.stdout)).toEqual([
      ['depth', 'sequences', 'positions'],
      ['1', '3', '3'],
      ['2', '6', '3'],
      ['3', '6', '1'],
      ['4', '0', '0'],
    ]);
    // Right-aligned columns: every line of the table is as wide as its header.
    const lines = run.stdout.trimEnd().split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it('should print one JSON object with --json, and divide only when asked', async () => {
    const run = await runInProcess([
      'samegame',
      'perft',
      '--board',
      threeColumns,
      ...threeShape,
      '--depth',
      '2',
      '--json',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.endsWith('\n')).toBe(true);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toEqual({
      depths: [
        { depth: 1, sequences: 3, positions: 3 },
        { depth: 2, sequences: 6, positions: 3 },
      ],
    });
  });

  it('should split the deepest depth by first move with --divide, in legal-move order, then a total', async () => {
    const args = ['samegame', 'perft', '--board', threeColumns, ...threeShape, '--depth', '2', '--divide'];
    const table = await runInProcess(args);
    expect(table.status).toBe(0);
    expect(words(table.stdout).slice(3)).toEqual([
      [''],
      ['depth', '2', 'by', 'first', 'move'],
      ['x', 'y', 'sequences', 'positions'],
      ['0', '0', '2', '2'],
      ['1', '0', '2', '2'],
      ['2', '0', '2', '2'],
      // The sequences add up; the positions are the depth's distinct ones, fewer than the lines' sum.
      ['total', '6', '3'],
    ]);
    const json = JSON.parse((await runInProcess([...args, '--json'])).stdout);
    expect(json.divide).toEqual([
      { x: 0, y: 0, sequences: 2, positions: 2 },
      { x: 1, y: 0, sequences: 2, positions: 2 },
      { x: 2, y: 0, sequences: 2, positions: 2 },
    ]);
  });

  it('should name a first move by its lowest cell, counting rows from the bottom', async () => {
    const run = await runInProcess([
      'samegame',
      'perft',
      '--board',
      raisedPair,
      ...raisedShape,
      '--depth',
      '1',
      '--divide',
      '--json',
    ]);
    expect(JSON.parse(run.stdout)).toEqual({
      depths: [{ depth: 1, sequences: 1, positions: 1 }],
      divide: [{ x: 0, y: 1, sequences: 1, positions: 1 }],
    });
  });

  it.each([
    [['--board', 'missing.txt', '--depth', '2'], /missing\.txt: does not exist/],
    [['--board', 'THREE', '--depth', '0'], /option --depth: expected an integer from 1 to 8, got "0"/],
    [['--board', 'THREE', '--depth', 'abc'], /option --depth: expected an integer from 1 to 8, got "abc"/],
    [['--board', 'THREE', '--depth', '9'], /option --depth: expected an integer from 1 to 8, got "9"/],
    [['--board', 'THREE'], /Missing required argument: depth/],
    [['--board', 'datasets/samegame/standard20.txt', '--depth', '1'], /standard20\.txt: holds 20 boards \(a dataset\)/],
    [['--board', 'RAISED', '--depth', '1'], /raised\.txt line 1: expected 15 values, found 1/],
  ])('should refuse unusable input %j with one line and exit 2', (args, message) => {
    const named: Record<string, string> = { THREE: threeColumns, RAISED: raisedPair };
    const shape = args.includes('THREE') ? threeShape : [];
    const run = runCli(['samegame', 'perft', ...args.map((a) => named[a] ?? a), ...shape]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
