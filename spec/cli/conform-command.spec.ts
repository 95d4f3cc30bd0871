// What `conform` prints and how it ends, whatever the engine does: a report a user can act on in
// every case, one line where there is nothing to show side by side, the project's one-line errors
// for bad options, and never a stack trace or a hang.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/cli.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const SAMEGAME = `${PYTHON} ${join(REPO_DIR, 'docs/conformance/samegame_engine.py')}`;
const STATEFUL = `${PYTHON} ${join(REPO_DIR, 'spec/support/engines/stateful_engine.py')}`;
const SCRIPTED = `${process.execPath} ${join(REPO_DIR, 'spec/support/engines/scripted.mjs')}`;
const tmp = scratchDirectory('tilefall-conform-');

describe('conform', () => {
  it('should show the shrunk game as it was sent and both answers side by side, the same for the same seed', async () => {
    const args = [
      'samegame',
      'conform',
      '--engine',
      `${SAMEGAME} --bug no-clear-bonus`,
      '--games',
      '30',
      '--seed',
      '4',
    ];
    const [first, again] = await Promise.all([runCliAsync(args), runCliAsync(args)]);
    expect(first.status).toBe(1);
    expect(first.stderr).toBe('');
    expect(again.stdout).toBe(first.stdout);
    const lines = first.stdout.split('\n');
    expect(lines[0]).toMatch(/^game \d+ of 30 parts from the rules at move \d+ \(.*; seed 4\)$/);
    expect(lines[1]).toMatch(/^shrunk to (1 x 2|2 x 1), 1 color, 1 move \(\d+ games tried\)$/);
    expect(first.stdout).toContain('the game as the engine was sent it (--out FILE writes it):\n');
    expect(first.stdout).toMatch(/ {2}1000 +≠ {2}0\n/);
  });

  it('should say when the failing game agrees alone: the engine keeps something between games', async () => {
    const run = await runCliAsync(['samegame', 'conform', '--engine', STATEFUL, '--games', '20']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^game \d+ of 20 parts from the rules at move 1 /);
    expect(run.stdout).toContain(
      'played alone, this game agrees: the engine keeps something from one game to the next (not shrunk)',
    );
  });

  it('should give one line for an engine that stalls, and write the game it stalled on', async () => {
    const output = join(tmp, 'partial.txt');
    writeFileSync(output, '0\n');
    const out = join(tmp, 'stalled.txt');
    const run = await runCliAsync([
      'samegame',
      'conform',
      '--engine',
      `${SCRIPTED} ${output} --stall`,
      '--timeout-ms',
      '300',
      '--out',
      out,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^the engine answered nothing for [\d,]+ ms at game 1 \(.*\), move 1, after it printed 1 line\(s\) of it, the last "0"; the game is in .*stalled\.txt\n$/,
    );
    expect(readFileSync(out, 'utf8')).toMatch(/^\d+ \d+\n/);
  });

  it('should give one line, with its last stderr line, for an engine that exits before it answers', async () => {
    const engine = `${process.execPath} -e "console.error('SyntaxError: oops'); process.exit(3)"`;
    const run = await runCliAsync(['columns', 'conform', '--engine', engine]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('the engine exited with code 3 before it answered game 1: SyntaxError: oops\n');
  });

  it('should refuse a program that cannot be started, and bad options, in one line with exit code 2', async () => {
    const refusals: [string[], string][] = [
      [
        ['--engine', '/no/such/engine'],
        'option --engine: cannot start "/no/such/engine": no such program (not found, or not on the PATH)',
      ],
      [['--engine', 'python3 "unclosed'], 'option --engine: unclosed " quote'],
      [['--engine', SAMEGAME, '--games', '0'], 'option --games: expected an integer from 1 to 100000, got "0"'],
      [['--engine', SAMEGAME, '--width', '9..2'], 'option --width: expected A <= B in a range A..B, got "9..2"'],
      [
        ['--engine', SAMEGAME, '--colors', '21'],
        'option --colors: expected an integer or a range A..B, from 1 to 20, got "21"',
      ],
      [[], 'Missing required argument: engine (see tilefall --help)'],
    ];
    const runs = await Promise.all(refusals.map(([args]) => runCliAsync(['samegame', 'conform', ...args])));
    runs.forEach((run, i) => {
      expect(run.stderr).toBe(`tilefall: ${refusals[i][1]}\n`);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
    });
  });

  it('should keep the games and the shrinking within the bounds a bot hard-codes', async () => {
    const out = join(tmp, 'bounded.txt');
    const run = await runCliAsync([
      'samegame',
      'conform',
      '--engine',
      `${SAMEGAME} --bug no-compaction`,
      '--width',
      '15',
      '--height',
      '15',
      '--colors',
      '5',
      '--games',
      '20',
      '--out',
      out,
    ]);
    expect(run.status).toBe(1);
    const input = readFileSync(out, 'utf8').split('\n');
    expect(input[0]).toBe('15 15');
    expect(
      input
        .slice(1, 16)
        .flatMap((row) => row.split(' '))
        .every((cell) => /^(-1|[0-4])$/.test(cell)),
    ).toBe(true);
  });
});
