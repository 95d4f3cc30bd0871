// What `conform` prints and how it ends, whatever the engine does: a first line that says where
// and how the engine parts from the rules, the game that fails played alone (not only where the
// whole run parted), one line where there is nothing to show side by side, the project's one-line
// errors for bad options, and never a stack trace or a hang.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/cli.js';
import { leftBehind, sleepMarker } from '../support/processes.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const SAMEGAME = `${PYTHON} ${join(REPO_DIR, 'docs/conformance/samegame_engine.py')}`;
const SCRIPTED = `${process.execPath} ${join(REPO_DIR, 'spec/support/engines/scripted.mjs')}`;
const tmp = scratchDirectory('tilefall-conform-');

/** The example engine's rules with one fault outside them (spec/support/engines/faulty_engine.py). */
const faulty = (fault: string) => `${PYTHON} ${join(REPO_DIR, 'spec/support/engines/faulty_engine.py')} ${fault}`;

/** `samegame conform` with `engine` and more options. */
const conform = (engine: string, ...args: string[]) =>
  runCliAsync(['samegame', 'conform', '--engine', engine, ...args]);

/** The first line, and the `found in ...` line, of a report. */
const head = (stdout: string) => stdout.split('\n').slice(0, 2);

describe('conform', () => {
  it('should show the shrunk game as it was sent and both answers side by side, the same for the same seed', async () => {
    const args = [`${SAMEGAME} --bug no-clear-bonus`, '--games', '30', '--seed', '4'];
    const [first, again] = await Promise.all([conform(...(args as [string])), conform(...(args as [string]))]);
    expect(first.status).toBe(1);
    expect(first.stderr).toBe('');
    expect(again.stdout).toBe(first.stdout);
    const [parting, found] = head(first.stdout);
    expect(parting).toBe(
      'the engine parts from the rules at move 1, line 1 of its answer: it printed "0" where the rules give "1000"',
    );
    expect(found).toMatch(
      /^found in game \d+ of 30 \(.*; seed 4\); shrunk to (1 x 2|2 x 1), 1 color, 1 move \(\d+ games tried\)$/,
    );
    expect(first.stdout).toContain('the game as the engine was sent it (--out FILE writes it):\n');
    expect(first.stdout).toMatch(/ {2}1000 +≠ {2}0\n/);
  });

  it("should say what a garbled line is not, and that a crashed engine's output ended, with its last stderr line", async () => {
    const garbled = join(tmp, 'garbled.txt');
    writeFileSync(garbled, '[1, -1]\n');
    const [garbage, crash, broken] = await Promise.all([
      runCliAsync(['columns', 'conform', '--engine', `${SCRIPTED} ${garbled}`, '--games', '5']),
      conform(faulty('crash-second-move'), '--games', '20'),
      conform(`${process.execPath} -e "console.error('SyntaxError: oops'); process.exit(3)"`, '--games', '5'),
    ]);
    expect(head(garbage.stdout)[0]).toBe(
      'the engine parts from the rules at placement 1, line 1 of its answer: it printed "[1, -1]", not the points or over',
    );
    expect(head(crash.stdout)[0]).toBe(
      'the engine parts from the rules at move 2, line 2 of its answer: its output ended there (it exited with code 1; its last stderr line: IndexError: list index out of range)',
    );
    expect(crash.stdout).toMatch(
      /\nthe engine's output ended there: it exited with code 1\nits last lines on stderr:\n {2}Traceback[\s\S]*IndexError: list index out of range\ncorners reached by the \d+ games? that agreed: \d+ of 14; .*\n$/,
    );
    expect(head(broken.stdout)[0]).toBe(
      // Even a game of no move makes it crash: that is the smallest game that shows it.
      'the engine parts from the rules on a game of no move: it exited with code 3; its last stderr line: SyntaxError: oops',
    );
    for (const run of [garbage, crash, broken]) expect(run.status).toBe(1);
  });

  it('should find the game that fails alone where another shows the failure: a crash on a game of no move, a buffered crash', async () => {
    const [empty, buffered] = await Promise.all([
      conform(faulty('crash-empty-game'), '--games', '40'),
      conform(faulty('buffered-crash'), '--games', '40'),
    ]);
    const [emptyParting, emptyFound] = head(empty.stdout);
    expect(emptyParting).toBe(
      'the engine parts from the rules on a game of no move: it exited with code 1; its last stderr line: AssertionError: a game with no move',
    );
    // The crash ends the run's output at the next game with moves: that is where the run parted.
    const [, game, seen] =
      /^found in game (\d+) of 40 \(.*, 0 moves; seed 1; the whole run parted at game (\d+)\); shrunk to .*, 0 moves /
        .exec(emptyFound)!
        .map(Number);
    expect(seen).toBeGreaterThan(game);
    const [bufferedParting, bufferedFound] = head(buffered.stdout);
    expect(bufferedParting).toBe(
      'the engine parts from the rules at move 1, line 1 of its answer: its output ended there (it was killed by SIGSEGV)',
    );
    // Nothing reached the pipe: the run parted at the first game with moves; the culprit is over 10 wide.
    const [, width, culprit, parted] =
      /^found in game \d+ of 40 \((\d+) x .*; the whole run parted at game (\d+)\); shrunk to 11 x /
        .exec(bufferedFound)!
        .map(Number);
    expect(width).toBeGreaterThan(10);
    expect(culprit).not.toBe(parted);
  });

  it('should say when the failing game agrees alone: the engine keeps something between games', async () => {
    const run = await conform(faulty('stateful'), '--games', '20');
    expect(run.status).toBe(1);
    expect(head(run.stdout)[0]).toMatch(
      /^the engine parts from the rules at move 1, line 1 of its answer: it printed "\d+" where/,
    );
    expect(head(run.stdout)[1]).toMatch(
      /; played alone, this game agrees: the engine keeps something from one game to the next \(not shrunk\)$/,
    );
  });

  it('should give one line for an engine that reads one game only, then the corners that game reached', async () => {
    const run = await conform(faulty('one-game'));
    expect(run.stdout).toMatch(
      /^the engine exited with code 0 after answering 1 game of 200: it must read games until its input ends\ncorners reached by the 1 game that agreed: \d+ of 14; missed: [a-z-]+(, [a-z-]+)*\n$/,
    );
    expect(run.status).toBe(1);
  });

  it('should give one line for an engine that stalls, naming the game it stalls on alone, and write that game', async () => {
    const partial = join(tmp, 'partial.txt');
    writeFileSync(partial, '0\n');
    const [out, buffered] = [join(tmp, 'stalled.txt'), join(tmp, 'buffered-stall.txt')];
    const [direct, late] = await Promise.all([
      conform(`${SCRIPTED} ${partial} --stall`, '--timeout-ms', '300', '--out', out),
      conform(faulty('buffered-stall'), '--timeout-ms', '1000', '--games', '30', '--out', buffered),
    ]);
    expect(direct.stdout).toMatch(
      /^the engine answered nothing for [\d,]+ ms at game 1 \(.*\), move 1, after it printed 1 line\(s\) of it, the last "0"; the game is in .*stalled\.txt\ncorners reached by the 0 games that agreed: 0 of 14; missed: .*\n$/,
    );
    expect(readFileSync(out, 'utf8')).toMatch(/^\d+ \d+\n/);
    // It hangs on a board one row high, but keeps its output: the run sees nothing from the first game on.
    expect(late.stdout).toMatch(
      /^the engine answered nothing for [\d,]+ ms at game \d+ \(\d+ x 1, .*\), move 1, after it printed nothing of that step; the game is in /,
    );
    expect(readFileSync(buffered, 'utf8')).toMatch(/^\d+ 1\n/);
    for (const run of [direct, late]) expect(run.status).toBe(1);
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
      [
        ['--engine', SAMEGAME, '--out', join(tmp, 'no/such/folder/game.txt')],
        `${join(tmp, 'no/such/folder/game.txt')}: cannot be written (its folder ${join(tmp, 'no/such/folder')} does not exist)`,
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
    const run = await conform(
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
    );
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

  it('should finish an engine that leaves `sleep infinity` behind, holding its output, and kill it', async () => {
    const marker = sleepMarker();
    // The sleep is found by the marker in its environment: its command line is the user's.
    const engine = `sh -c "sleep infinity & exec ${SAMEGAME}"`;
    const run = await runCliAsync(['samegame', 'conform', '--engine', engine, '--games', '20'], {
      env: { TILEFALL_SPEC_MARKER: marker },
      timeoutMs: 60_000,
    });
    expect(run.stdout).toMatch(/^all 20 games agree with the rules/);
    expect(run.status).toBe(0);
    expect(await leftBehind(marker)).toEqual([]);
  });

  it('should kill an engine over --memory-mb and say so, as judge does', async () => {
    // It holds 100 MB and waits before it answers: only the memory limit can end it soon.
    const hog = join(tmp, 'hog.mjs');
    writeFileSync(hog, 'globalThis.kept = Buffer.alloc(100 * 2 ** 20, 1);\nsetTimeout(() => {}, 20_000);\n');
    const run = await conform(`${process.execPath} ${hog}`, '--games', '1', '--memory-mb', '50');
    expect(run.status).toBe(1);
    expect(head(run.stdout)[0]).toMatch(/: it was killed over the memory limit of 50 MB \(peak [\d.]+ MB\)\)?$/);
  });

  it("should show an engine's stderr with its control characters escaped", async () => {
    const loud = join(tmp, 'loud.mjs');
    writeFileSync(loud, "process.stderr.write('\\u001b]0;owned\\u0007oops\\n'); process.exit(3);\n");
    const run = await conform(`${process.execPath} ${loud}`, '--games', '3');
    expect(head(run.stdout)[0]).toMatch(/its last stderr line: \\u001b\]0;owned\\u0007oops$/);
    expect(run.stdout).toContain('\n  \\u001b]0;owned\\u0007oops\n');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('should give the same stderr in --json escaped too, where JSON leaves C1 characters raw', async () => {
    const loud = join(tmp, 'loud-c1.mjs');
    writeFileSync(loud, "process.stderr.write('\\u009b2Joops\\u2028\\n'); process.exit(3);\n");
    const run = await conform(`${process.execPath} ${loud}`, '--games', '3', '--json');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(run.stdout).toContain('\\u009b2Joops\\u2028');
    expect(JSON.stringify(JSON.parse(run.stdout))).toContain('\u009b2Joops\u2028');
  });
});
