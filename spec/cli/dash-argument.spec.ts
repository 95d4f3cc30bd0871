// `-` for a file, as Unix tools take it: stdin where a file is read, stdout where one is written.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinDashValues } from '../../lib/cli/dash-argument.js';
import { runCli } from '../support/cli.js';

const BOARD = 'datasets/samegame/demo-board.txt';
const MOVES = 'datasets/samegame/demo-moves.txt';

describe('joinDashValues', () => {
  it('should join a lone - to the option before it, and leave every other argument as it is', () => {
    expect(joinDashValues(['samegame', 'verify', '--board', '-', '--moves', 'm.txt'])).toEqual([
      'samegame',
      'verify',
      '--board=-',
      '--moves',
      'm.txt',
    ]);
    expect(joinDashValues(['columns', 'compare', '-b', '-'])).toEqual(['columns', 'compare', '-b=-']);
    fc.assert(
      fc.property(fc.array(fc.string().filter((arg) => arg !== '-')), (args) => {
        expect(joinDashValues(args)).toEqual(args);
      }),
    );
  });
});

describe('- on the command line', () => {
  it('should read stdin as the file, as the file itself reads', () => {
    const fromFile = runCli(['samegame', 'verify', '--board', BOARD, '--moves', MOVES]);
    const board = runCli(['samegame', 'verify', '--board', '-', '--moves', MOVES], {
      input: readFileSync(BOARD, 'utf8'),
    });
    const moves = runCli(['samegame', 'verify', '--board', BOARD, '--moves', '-'], {
      input: readFileSync(MOVES, 'utf8'),
    });
    expect(fromFile.status).toBe(0);
    expect(board).toEqual(fromFile);
    expect(moves).toEqual(fromFile);
  });

  it('should write a whole file to stdout, and refuse it for a folder or a file read again', () => {
    const generate = ['samegame', 'generate', '--count', '2', '--seed', '3'];
    expect(runCli([...generate, '--out', '-'])).toEqual(runCli(generate));
    const replays = runCli(['samegame', 'judge', '--board', BOARD, '--bot', 'true', '--replays', '-']);
    expect(replays).toMatchObject({ status: 2, stderr: 'tilefall: -: cannot be stdout (give a folder)\n' });
  });
});
